/**
 * docker-compose.yml and the load balancer's config (gateway/CLUSTER.md). No Docker engine runs
 * here: Debian's docker-compose validates the file (`config`), which resolves anchors, checks the
 * schema and every reference; scripts/ensure.mjs installs it when this test exists.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `docker-compose -f docker-compose.yml config <args>`: throws with compose's message when invalid. */
function dockerComposeConfig(...args: string[]): string {
  return execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config', ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The top-level blocks of compose's normalized output, by service name. */
function serviceBlocks(text: string): Map<string, string> {
  const services = text.split(/^services:\n/m)[1] ?? '';
  const blocks = new Map<string, string>();
  let name: string | undefined;
  for (const line of services.split('\n')) {
    if (/^\S/.test(line)) break;
    const head = /^ {2}([a-z0-9_-]+):\s*$/.exec(line);
    if (head) {
      name = head[1] as string;
      blocks.set(name, '');
    } else if (name) {
      blocks.set(name, `${blocks.get(name)}${line}\n`);
    }
  }
  return blocks;
}

describe('docker-compose.yml', () => {
  const normalized = dockerComposeConfig();
  const services = serviceBlocks(normalized);

  it('is valid and defines Redis, the simulator, two gateways and a load balancer', () => {
    expect(dockerComposeConfig('--services').trim().split('\n').sort()).toEqual(
      ['gateway1', 'gateway2', 'lb', 'redis', 'sim'].sort(),
    );
  });

  it('gives every service a health check, and starts each after what it needs is healthy', () => {
    for (const [name, block] of services) expect(block, name).toMatch(/^ {4}healthcheck:/m);
    for (const gw of ['gateway1', 'gateway2']) {
      const block = services.get(gw) ?? '';
      expect(block).toMatch(/redis:\n\s+condition: service_healthy/);
      expect(block).toMatch(/sim:\n\s+condition: service_healthy/);
      expect(block).toContain('REDIS_URL: redis://redis:6379');
      expect(block).toContain('UPSTREAM_URL: http://sim:8090');
    }
    expect(services.get('lb')).toMatch(/gateway1:\n\s+condition: service_healthy/);
    expect(services.get('lb')).toMatch(/gateway2:\n\s+condition: service_healthy/);
  });

  it('puts a websocket-capable balancer over both gateways', () => {
    const nginx = readFileSync(`${root}deploy/nginx.conf`, 'utf8');
    expect(services.get('lb')).toContain('deploy/nginx.conf');
    expect(nginx).toMatch(/server gateway1:8080/);
    expect(nginx).toMatch(/server gateway2:8080/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade/);
    expect(nginx).toMatch(/proxy_http_version 1\.1/);
  });
});
