/**
 * The production build (scripts/build.ts, deploy/README.md): the server bundles run on plain
 * `node` (no tsx, no TypeScript sources), the web app logs in through them in Chromium, and their
 * logs are JSON in production. Also the build's guard against bundles that need a dev dependency.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, postJson, sharedChromium, startRedis } from '@sportsbook/testkit';
import { sharedWebBuild, type WebBuild } from '@sportsbook/web/tools/sharedWebBuild';
import type { Metafile } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServers, bundleProblems, ServerEntries } from './build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Service {
  child: ChildProcess;
  output: () => string;
}

/** Plain node on a bundle: no --import tsx, no inherited NODE_OPTIONS, production mode, piped output. */
function runBundle(bundle: string, env: Record<string, string>): Service {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, bundle)], {
    cwd: tmpdir(),
    env: { ...inherited, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { child, output: () => text };
}

async function waitFor(url: string, service: Service): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`exited: ${service.output()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer: ${service.output()}`);
}

const services: Service[] = [];
let web: WebBuild | undefined;
let browser: Browser;
let gatewayUrl: string;
let gatewayUpstream: string;

beforeAll(async () => {
  await buildServers();
  // The web app is Vite's build (npm run build -w @sportsbook/web, the same as buildWeb): the run's
  // shared build when the e2e set-up made one; this file's subject is the server bundles.
  web = await sharedWebBuild('build-test-web-');
  const [simPort, gatewayPort] = [await freePort(), await freePort()];
  const sim = runBundle('upstream-sim/dist/server.js', { SIM_PORT: String(simPort), SIM_HOST: '127.0.0.1' });
  services.push(sim);
  await waitFor(`http://127.0.0.1:${simPort}/metrics`, sim);
  gatewayUpstream = `http://127.0.0.1:${simPort}`;
  const gateway = runBundle('gateway/dist/server.js', {
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    UPSTREAM_URL: `http://127.0.0.1:${simPort}`,
    WEB_DIST: web.dir,
  });
  services.push(gateway);
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitFor(`${gatewayUrl}/readyz`, gateway);
  browser = await sharedChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(
    services.map(
      (s) =>
        new Promise((resolve) => {
          if (s.child.exitCode !== null) return resolve(null);
          s.child.once('exit', resolve);
          s.child.kill('SIGTERM');
        }),
    ),
  );
  web?.remove();
});

describe('npm run build', () => {
  it('bundles every server entry into plain JavaScript that imports no TypeScript and no tsx', () => {
    for (const entry of ServerEntries) {
      const code = readFileSync(join(root, entry.output), 'utf8');
      expect(code, entry.output).not.toMatch(/from\s+["'][^"']*\.ts["']/);
      expect(code, entry.output).not.toMatch(/["']tsx["']/);
      expect(code, entry.output).not.toMatch(/@sportsbook\//);
    }
  });

  it('the web logs in through the compiled gateway and simulator started with plain node', async () => {
    const page = await browser.newPage();
    await page.goto(`${gatewayUrl}/`);
    await page.getByLabel('Login ID').fill('demo01');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('demo01', { exact: true }).first().waitFor();
    await page.close();
  });

  it('runs N compiled gateway workers on one port with scripts/dist/cluster-primary.js', async () => {
    const redis = await startRedis();
    const port = await freePort();
    const primary = runBundle('scripts/dist/cluster-primary.js', {
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_URL: gatewayUpstream,
      REDIS_URL: redis.url,
      GATEWAY_PROCESSES: '2',
    });
    try {
      await waitFor(`http://127.0.0.1:${port}/readyz`, primary);
      const login = await postJson(`http://127.0.0.1:${port}/api/authlogin`, {
        account_id: 'demo03',
        password: 'demo1234',
      });
      expect(login.json.status).toBe(1);
      expect(primary.output()).toContain('2 gateway processes');
    } finally {
      await new Promise((resolve) => {
        primary.child.once('exit', resolve);
        primary.child.kill('SIGTERM');
      });
      await redis.stop();
    }
  });

  it('logs one JSON object per line in production', () => {
    for (const service of services) {
      const lines = service
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    }
  });

  it('logs readable lines, not JSON, at a terminal in development', async () => {
    // `script` gives the bundle a pseudo-terminal, as a developer's shell would.
    const port = await freePort();
    const { NODE_OPTIONS: _ignored, NODE_ENV: _env, ...inherited } = process.env;
    const output = await new Promise<string>((resolve) => {
      const child = spawn(
        'script',
        ['-qec', `${process.execPath} ${join(root, 'upstream-sim/dist/server.js')}`, '/dev/null'],
        {
          env: { ...inherited, SIM_PORT: String(port), SIM_HOST: '127.0.0.1' },
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (/INFO.*Server listening/.test(text)) child.kill('SIGTERM');
      });
      child.once('exit', () => resolve(text));
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
    expect(output).toMatch(/INFO.*Server listening at http:\/\/127\.0\.0\.1:/);
    expect(output).not.toMatch(/^\{"level"/m);
  });

  it('refuses a bundle that would need a dev dependency or the test kit', () => {
    const spaces = new Map([
      ['@sportsbook/gateway', 'gateway'],
      ['@sportsbook/protocol', 'protocol'],
      ['@sportsbook/testkit', 'testkit'],
    ]);
    const entry = { source: 'gateway/src/server.ts', output: 'gateway/dist/server.js', pkg: 'gateway' };
    const metafile = (inputs: string[], imports: string[]): Metafile => ({
      inputs: Object.fromEntries(inputs.map((path) => [path, { bytes: 1, imports: [] }])),
      outputs: {
        [entry.output]: {
          bytes: 1,
          inputs: {},
          exports: [],
          imports: imports.map((path) => ({ path, kind: 'import-statement' as const, external: true })),
        },
      },
    });
    expect(
      bundleProblems(
        entry,
        metafile(['gateway/src/app.ts', 'protocol/src/index.ts'], ['fastify', 'typebox/compile']),
        spaces,
      ),
    ).toEqual([]);
    expect(bundleProblems(entry, metafile(['gateway/src/app.ts'], ['pino-pretty']), spaces)).toEqual([
      'gateway/dist/server.js: imports pino-pretty, not a production dependency of gateway',
    ]);
    expect(bundleProblems(entry, metafile(['testkit/src/index.ts'], []), spaces)).toEqual([
      'gateway/dist/server.js: compiles in the test-only @sportsbook/testkit',
    ]);
  });
});
