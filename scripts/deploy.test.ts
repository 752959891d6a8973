/**
 * docker-compose.yml and the load balancer's config (gateway/CLUSTER.md). No Docker engine runs
 * here: Debian's docker-compose validates the file (`config`), which resolves anchors, checks the
 * schema and every reference; scripts/ensure.mjs installs it when this test exists.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStack } from '@sportsbook/testkit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

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

const SentinelProfile = [
  'redis-primary',
  'redis-replica',
  'sentinel1',
  'sentinel2',
  'sentinel3',
  'gateway-sentinel',
];

describe('docker-compose.yml', () => {
  const normalized = dockerComposeConfig();
  const services = serviceBlocks(normalized);

  it('is valid and defines Redis, the simulator, two gateways, a load balancer and monitoring', () => {
    expect(dockerComposeConfig('--services').trim().split('\n').sort()).toEqual(
      ['gateway1', 'gateway2', 'lb', 'redis', 'sim', 'prometheus', 'grafana', ...SentinelProfile].sort(),
    );
    // Prometheus and Grafana start only with `--profile monitoring`.
    for (const name of ['prometheus', 'grafana'])
      expect(services.get(name)).toMatch(/profiles:\n\s+- monitoring/);
    for (const name of ['redis', 'sim', 'gateway1', 'gateway2', 'lb'])
      expect(services.get(name)).not.toContain('profiles:');
  });

  it('profile sentinel: a primary, a replica, three Sentinels and a gateway given REDIS_SENTINELS', () => {
    const withProfile = services;
    for (const name of SentinelProfile)
      expect(withProfile.get(name), name).toMatch(/profiles:\n\s+- sentinel/);
    expect(withProfile.get('redis-replica')).toMatch(/- --replicaof\n\s+- redis-primary\n\s+- '6379'/);
    const sentinelConf = readFileSync(`${root}deploy/redis/sentinel.conf`, 'utf8');
    expect(sentinelConf).toMatch(/^sentinel monitor mymaster redis-primary 6379 2$/m);
    for (const name of ['sentinel1', 'sentinel2', 'sentinel3']) {
      const block = withProfile.get(name) ?? '';
      expect(block).toContain('deploy/redis/sentinel.conf');
      expect(block).toMatch(/redis-server\s+\/data\/sentinel\.conf\s+--sentinel/);
      expect(block).toMatch(/redis-primary:\n\s+condition: service_healthy/);
    }
    const gateway = withProfile.get('gateway-sentinel') ?? '';
    expect(gateway).toContain('REDIS_SENTINELS: sentinel1:26379,sentinel2:26379,sentinel3:26379');
    expect(gateway).toContain('REDIS_SENTINEL_NAME: mymaster');
    // Never both: the gateway refuses REDIS_URL with REDIS_SENTINELS (config.ts).
    expect(gateway).not.toContain('REDIS_URL');
    for (const s of ['sentinel1', 'sentinel2', 'sentinel3'])
      expect(gateway).toMatch(new RegExp(`${s}:\\n\\s+condition: service_healthy`));
    // And it validates with the profile switched on (Debian's docker-compose, no engine).
    expect(() =>
      execFileSync('docker-compose', ['-f', 'docker-compose.yml', '--profile', 'sentinel', 'config', '-q'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ).not.toThrow();
  });

  it('runs the compiled servers of the multi-stage image, without tsx', () => {
    const dockerfile = readFileSync(`${root}deploy/Dockerfile`, 'utf8');
    // The final stage: production node_modules and compiled files only, no sources, no install.
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^\nFROM node:20-bookworm-slim\n/);
    expect(final).toContain('COPY --from=deps /app/node_modules node_modules');
    // The simulator's live TV and highlight clips (it answers 404 for every stream without them).
    expect(final).toContain('COPY upstream-sim/media upstream-sim/media');
    expect(final).not.toMatch(/\/src\b|npm (ci|install)|COPY \. /);
    expect(final).not.toContain('tsx');
    expect(dockerfile).toMatch(/FROM manifests AS deps\n[\s\S]*npm install --omit=dev/);
    expect(dockerfile).toMatch(/CMD \["node", "--enable-source-maps", "gateway\/dist\/server\.js"\]/);
    expect(normalized).not.toContain('tsx');
    for (const gw of ['gateway1', 'gateway2']) expect(services.get(gw)).toContain('gateway/dist/server.js');
    expect(services.get('sim')).toContain('upstream-sim/dist/server.js');
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

describe('monitoring (deploy/prometheus, deploy/grafana)', () => {
  const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    rule_files: string[];
  };
  const alerts = parse(read('deploy/prometheus/alerts.yml')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  const dashboard = JSON.parse(read('deploy/grafana/dashboards/sportsbook.json')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const rules = alerts.groups.flatMap((g) => g.rules);
  const exprs = [
    ...rules.map((r) => r.expr),
    ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
  ];

  it('scrapes both gateways on their metrics port and the simulator', () => {
    const services = serviceBlocks(dockerComposeConfig());
    const port = /METRICS_PORT: '?"?(\d+)/.exec(services.get('gateway1') ?? '')?.[1];
    expect(port).toBeDefined();
    const targets = (job: string) =>
      prometheus.scrape_configs.find((c) => c.job_name === job)?.static_configs.flatMap((c) => c.targets);
    expect(targets('gateway')).toEqual([`gateway1:${port}`, `gateway2:${port}`]);
    expect(targets('upstream-sim')).toEqual(['sim:8090']);
    expect(prometheus.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
  });

  it('alerts on upstream down, stale topics, high latency and slow consumers', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['UpstreamDown', 'TopicStale', 'UpstreamLatencyHigh', 'SlowConsumers']),
    );
  });

  it('names only metrics a real gateway exports, in its alerts and its dashboard', async () => {
    const stack = await startStack({ redis: true, gateway: { logLevel: 'silent' } });
    try {
      const text = await (await fetch(`${stack.gateway.url}/metrics`)).text();
      const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)/gm)].map((m) => m[1]));
      const used = new Set(
        exprs.flatMap((e) => [...e.matchAll(/\b(gateway_[a-z_]+)/g)].map((m) => m[1] as string)),
      );
      expect(used.size).toBeGreaterThan(8);
      const unknown = [...used].filter((name) => !exported.has(name.replace(/_(bucket|sum|count)$/, '')));
      expect(unknown).toEqual([]);
    } finally {
      await stack.close();
    }
  });
});
