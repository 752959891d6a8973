// The simulator as a process (server.ts): its environment, its bind address, a crash with kill -9.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '@sportsbook/testkit';
import { afterAll, describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const AdminToken = 'process-test-admin';
const children = new Set<ChildProcess>();

function simEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('SIM_') && key !== 'LOGIN_SIGNING_KEY' && key !== 'LOG_LEVEL') env[key] = value;
  }
  return { ...env, SIM_PORT: '0', LOG_LEVEL: 'warn', ...extra };
}

interface Started {
  child: ChildProcess;
  url: string;
}

/**
 * Starts server.ts (from one bundle of the sources per test process: plain node, no tsx compiling
 * them at every start); resolves with its URL once it prints it, rejects with its output if it exits.
 */
async function startProcess(env: NodeJS.ProcessEnv): Promise<Started> {
  const child = spawn(process.execPath, [await serverBundle('upstream-sim/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(Object.assign(new Error(`exited ${code}`), { code, output })));
  });
}

/** Resolves with the exit code once the process has exited (null when a signal killed it). */
function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function clockNow(url: string): Promise<number> {
  const res = await fetch(`${url}/admin/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': AdminToken },
    body: JSON.stringify({ action: 'state' }),
  });
  const json = (await res.json()) as { clock: { now: number } };
  return json.clock.now;
}

afterAll(async () => {
  for (const child of children) {
    child.kill('SIGKILL');
    await exited(child);
  }
});

describe('the simulator process', () => {
  it('exits at start with a clear message naming a bad variable', async () => {
    const failure = await startProcess(simEnv({ SIM_PORT: 'eighty', SIM_SPEED: '-2' })).then(
      () => null,
      (err: { code: number; output: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.output).toContain('invalid environment');
    expect(failure?.output).toMatch(/SIM_PORT: expected an integer/);
    expect(failure?.output).toMatch(/SIM_SPEED: expected a number/);
  }, 30_000);

  it('binds to loopback unless SIM_HOST says otherwise; SIGTERM closes it with exit code 0', async () => {
    const { child, url } = await startProcess(simEnv({}));
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${url}/metrics`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited(child)).toBe(0);
  }, 30_000);

  it('killed with -9, it restarts no earlier than the last change it recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-kill-'));
    try {
      const env = simEnv({ SIM_DATA_DIR: dir, SIM_ADMIN_TOKEN: AdminToken, SIM_SPEED: '1' });
      const first = await startProcess(env);
      const startedAt = await clockNow(first.url);
      // Past the first periodic world snapshot (every 5 s), so a restart from it alone rewinds.
      // A separate process on its own (1x) clock: the test process's fake timers cannot move it.
      await vi.waitFor(
        async () => expect(await clockNow(first.url)).toBeGreaterThanOrEqual(startedAt + 6_500),
        {
          timeout: 30_000,
          interval: 200,
        },
      );
      const before = await clockNow(first.url);
      // A journaled change (the login records lastLoginAt), then the crash.
      const login = await fetch(`${first.url}/authlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account_id: 'demo01', password: 'demo1234' }),
      });
      expect(((await login.json()) as { status: number }).status).toBe(1);
      first.child.kill('SIGKILL');
      await exited(first.child);

      const second = await startProcess(env);
      try {
        const after = await clockNow(second.url);
        expect(after).toBeGreaterThanOrEqual(before);
      } finally {
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
