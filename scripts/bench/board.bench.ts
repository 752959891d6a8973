/**
 * Browser benchmark of the odds board: 1,000 live matches receiving 500 price changes a second in
 * headless Chromium, the real board (one topic store; only the cells whose odds a delta touched are notified)
 * side by side with a naive board that re-renders everything on each update, in the same run.
 * A Vite build of board-harness/ is served locally; frame times come from requestAnimationFrame and
 * long tasks from PerformanceObserver. Run: `npm run bench -- --only board` (`--quick` for a smoke run).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeMarket } from '@sportsbook/protocol';
import { ChromiumFlags, launchChromium } from '@sportsbook/testkit';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions } from 'vite';
import { createWorld } from '../../upstream-sim/src/world/index.ts';
import type { Benchmark, BenchmarkReport, BenchOptions } from './run.ts';

const harness = fileURLToPath(new URL('./board-harness/', import.meta.url));
const Matches = 1_000;
const ChangesPerSecond = 500;
/** The gateway conflates a topic's changes per poll; 10 updates a second is a busy live topic. */
const UpdatesPerSecond = 10;

async function buildHarness(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: harness,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      resolve: { conditions: ['source', ...defaultClientConditions] },
      plugins: [react()],
      build: { outDir, emptyOutDir: true, target: 'es2022' },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

function serve(dir: string) {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const body = readFileSync(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Measured {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  longTasks: number;
  longTaskMs: number;
  renderMs: number;
  changesPerSecond: number;
  /** Renderer main-thread task time in the window (Chrome's TaskDuration), and its script and style+layout parts. */
  busyMs: number;
  scriptMs: number;
  styleLayoutMs: number;
}

/** The phone row's CPU slowdown (Emulation.setCPUThrottlingRate): a mid-range phone. */
const PhoneCpuSlowdown = 4;

const bench: Benchmark = {
  name: 'board',
  description: `The /desktop odds board with ${Matches.toLocaleString('en-US')} live matches receiving ${ChangesPerSecond} price changes a second (${UpdatesPerSecond} updates/s) in headless Chromium: the real board vs a naive whole-board re-render, same page, same stream; and a phone row (390x844, ${PhoneCpuSlowdown}x CPU throttling).`,
  async run(options: BenchOptions): Promise<BenchmarkReport> {
    const durationMs = options.quick ? 2_000 : 10_000;
    const world = createWorld({
      seed: 3,
      // Live matches over every sport; soccer's share fills the soccer topic the board shows.
      liveMatches: Math.round(Matches * 1.05),
      todayMatches: 0,
      earlyMatches: 0,
      startTime: Date.UTC(2026, 0, 3, 12),
    });
    const model = normalizeMarket(world.market({ sport_id: 1, market_type: 'hdpou', group: 'live' }));
    const matchCount = Object.keys(model.match).length;
    const outDir = mkdtempSync(join(tmpdir(), 'board-bench-'));
    // What a page costs is measured with the benchmarks' flags, not the tests' (testkit chromium.ts).
    const browser = await launchChromium(ChromiumFlags);
    let server: Awaited<ReturnType<typeof serve>> | null = null;
    try {
      await buildHarness(outDir);
      server = await serve(outDir);
      const results: Record<string, Measured> = {};
      const variants = [
        ['real', 'real', 100_000],
        ['naive', 'naive', 100_000],
        ['realPaged', 'real', 10],
        ['phone', 'real', 10],
      ] as const;
      for (const [key, variant, pageSize] of variants) {
        // The phone row: a 390x844 touch phone whose CPU is 4x slower (DevTools protocol
        // Emulation.setCPUThrottlingRate), the app's page size.
        const phone = key === 'phone';
        const page = await browser.newPage(
          phone
            ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
            : { viewport: { width: 1280, height: 900 } },
        );
        await page.addInitScript(
          (input) => {
            (globalThis as unknown as { __bench: unknown }).__bench = input;
          },
          {
            variant,
            pageSize,
            model,
            changesPerSecond: ChangesPerSecond,
            updatesPerSecond: UpdatesPerSecond,
            durationMs,
          },
        );
        const failed = new Promise<never>((_, reject) => page.on('pageerror', reject));
        // Main-thread time of the renderer (Chrome's Performance domain), read when the window opens
        // and closes: less sensitive than frame times to other jobs on a shared machine.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        if (phone) await cdp.send('Emulation.setCPUThrottlingRate', { rate: PhoneCpuSlowdown });
        const metrics = async () => {
          const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
            metrics: { name: string; value: number }[];
          };
          const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
          return {
            task: get('TaskDuration'),
            script: get('ScriptDuration'),
            styleLayout: get('RecalcStyleDuration') + get('LayoutDuration'),
          };
        };
        await page.goto(server.url);
        await Promise.race([
          failed,
          page.waitForFunction(
            () => (globalThis as unknown as { __started?: boolean }).__started === true,
            null,
            {
              polling: 'raf',
              timeout: 120_000,
            },
          ),
        ]);
        const before = await metrics();
        await Promise.race([
          failed,
          page.waitForFunction(
            () => (globalThis as unknown as { __result?: unknown }).__result !== undefined,
            null,
            { timeout: durationMs + 120_000 },
          ),
        ]);
        const r = (await page.evaluate(() => (globalThis as unknown as { __result: unknown }).__result)) as {
          frames: number[];
          longTasks: number[];
          updates: number;
          changes: number;
          renderMs: number;
        };
        const after = await metrics();
        await page.close();
        results[key] = {
          busyMs: after.task - before.task,
          scriptMs: after.script - before.script,
          styleLayoutMs: after.styleLayout - before.styleLayout,
          frames: r.frames.length,
          p50: percentile(r.frames, 50),
          p95: percentile(r.frames, 95),
          max: Math.max(0, ...r.frames),
          longTasks: r.longTasks.length,
          longTaskMs: r.longTasks.reduce((a, b) => a + b, 0),
          renderMs: r.renderMs,
          changesPerSecond: r.changes / (durationMs / 1000),
        };
      }
      const real = results.real as Measured;
      const naive = results.naive as Measured;
      const paged = results.realPaged as Measured;
      const phone = results.phone as Measured;
      const row = (name: string, m: Measured) =>
        `| ${name} | ${m.frames} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.max.toFixed(0)} | ${m.longTasks} | ${m.longTaskMs.toFixed(0)} | ${m.renderMs.toFixed(0)} | ${m.busyMs.toFixed(0)} | ${m.scriptMs.toFixed(0)} | ${m.styleLayoutMs.toFixed(0)} | ${m.changesPerSecond.toFixed(0)} |`;
      const markdown = [
        `${matchCount} matches, ${Object.keys(model.odds).length} odds rows, ${durationMs / 1000} s per variant.`,
        '',
        '| variant | frames | frame p50 ms | frame p95 ms | frame max ms | long tasks | long task ms | dispatch ms | main thread ms | script ms | style+layout ms | changes/s |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
        row('real board (per-key notifications)', real),
        row('naive whole-board re-render', naive),
        row('real board, app page size 10', paged),
        row(`phone 390x844, ${PhoneCpuSlowdown}x CPU throttling, page size 10`, phone),
        '',
        "dispatch ms: time inside the stream update (applyDelta, change notification, selectors). main thread ms: the renderer's task time in the window (Chrome Performance.getMetrics TaskDuration), with its script and style+layout parts.",
        `Frame p95 naive / real (whole topic): ${(naive.p95 / Math.max(real.p95, 0.001)).toFixed(2)}; long task ms naive / real: ${real.longTaskMs > 0 ? (naive.longTaskMs / real.longTaskMs).toFixed(2) : `n/a (real: none, naive: ${naive.longTaskMs.toFixed(0)} ms)`}; main thread ms real / naive: ${(real.busyMs / Math.max(naive.busyMs, 0.001)).toFixed(2)}; main thread ms naive / real: ${(naive.busyMs / Math.max(real.busyMs, 0.001)).toFixed(2)}.`,
      ].join('\n');
      return {
        markdown,
        numbers: {
          matches: matchCount,
          realFrameP95Ms: real.p95,
          naiveFrameP95Ms: naive.p95,
          realLongTasks: real.longTasks,
          naiveLongTasks: naive.longTasks,
          realLongTaskMs: real.longTaskMs,
          naiveLongTaskMs: naive.longTaskMs,
          realDispatchMs: real.renderMs,
          naiveDispatchMs: naive.renderMs,
          pagedFrameP95Ms: paged.p95,
          pagedLongTaskMs: paged.longTaskMs,
          phoneFrameP95Ms: phone.p95,
          phoneLongTasks: phone.longTasks,
          phoneLongTaskMs: phone.longTaskMs,
          realMainThreadMs: real.busyMs,
          naiveMainThreadMs: naive.busyMs,
        },
      };
    } finally {
      await server?.close();
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};

export default bench;
