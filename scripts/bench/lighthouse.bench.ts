/**
 * Lighthouse 12.2.3 on the landing page and on `/desktop` after a login, in
 * Lighthouse's mobile mode (the default config: Moto G Power screen, simulated slow 4G and 4x CPU
 * slowdown) and its desktop mode (`desktopConfig`), against the production build served by the
 * gateway as `npm start` serves it: the web app is built with its Vite config into a temporary
 * folder, and the simulator and the gateway run as child processes (`WEB_DIST` points the gateway at
 * the build). Chromium is /usr/bin/chromium through chrome-launcher; puppeteer-core drives the page.
 *
 * `/desktop` is measured logged in: the bench logs in through the landing form on the same page
 * (demo01), then Lighthouse navigates to `/desktop` with `disableStorageReset`, so the saved session
 * (localStorage, SPEC section 9's account key) restores the login as a returning player's reload does.
 *
 * Each page and mode runs `LIGHTHOUSE_RUNS` times (3; 1 with `--quick`) and the run with the median
 * performance score is reported, as Lighthouse's own docs advise for noisy machines.
 *
 * The 4x CPU slowdown is relative to the host: Lighthouse's docs (docs/throttling.md, "Calibrating
 * the CPU slowdown") place a high-end desktop, the host its 4x turns into a mid-tier phone, at a
 * `benchmarkIndex` of 1,500-2,000, and tell a faster host to use a higher multiplier. This machine
 * has measured 2,500-3,900 on different days, so the same build scores better on a faster day. The
 * `calibrated` mode (on by default) is the mobile mode with the slowdown scaled to the host:
 * 4 x benchmarkIndex / 1,750 (the bracket's middle), the index being the median of the runs before it
 * (or of one probe run). The goal is read on the `mobile` rows, as the issue states it; the calibrated
 * rows say what a mid-tier phone would see whatever the host's speed on the day.
 * `LIGHTHOUSE_PAGES=landing|desktop` and `LIGHTHOUSE_MODES=mobile|calibrated|desktop` run only those rows;
 * `LIGHTHOUSE_REPORTS=<dir>` also writes every run's full report (JSON) there.
 * `npm run bench -- --only lighthouse`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sportsbook/gateway';
import { ChromiumFlags, ChromiumPath } from '@sportsbook/testkit';
import { buildWeb } from '@sportsbook/web/tools/buildWeb';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { waitForHttp } from '../http.ts';
import type { Benchmark, BenchmarkReport, BenchOptions } from './run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const ChromeFlags = ['--headless=new', ...ChromiumFlags];

type Mode = 'mobile' | 'calibrated' | 'desktop';

/** The `benchmarkIndex` Lighthouse's default 4x slowdown is meant for (the high-end desktop bracket's middle). */
export const ReferenceBenchmarkIndex = 1750;
const DefaultSlowdown = 4;

/** The CPU slowdown that turns a host of `benchmarkIndex` into what 4x makes of the reference host. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.round((DefaultSlowdown * benchmarkIndex * 10) / ReferenceBenchmarkIndex) / 10;
}
type PageName = 'landing' | 'desktop';

export interface LighthouseRow {
  page: PageName;
  mode: Mode;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The CPU slowdown the run used (1 in desktop mode). */
  cpuSlowdown: number;
  /** Lighthouse's measure of the host's CPU, taken during the run. */
  benchmarkIndex: number;
  /** Every run's performance score, the reported run's among them. */
  runs: number[];
}

function service(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Logs demo01 in through the landing form; the session is saved in localStorage by the app. */
async function logIn(page: Page, base: string): Promise<void> {
  await page.goto(base, { waitUntil: 'load' });
  // The prerendered form is inert until the app has hydrated it (after the first paint).
  await page.waitForSelector('button[type=submit]:not([disabled])', { timeout: 120_000 });
  await page.type('input[name=account_id]', 'demo01');
  await page.type('input[name=password]', 'demo1234');
  await page.click('button[type=submit]');
  await page.waitForFunction('location.pathname === "/desktop"', { timeout: 120_000 });
}

async function measure(
  browser: Browser,
  base: string,
  name: PageName,
  mode: Mode,
  cpuSlowdown: number,
): Promise<LighthouseRow> {
  // A fresh context per run: no session, storage or cache left by the previous run.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (name === 'desktop') await logIn(page, base);
    const url = name === 'landing' ? `${base}/` : `${base}/desktop`;
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        disableStorageReset: name === 'desktop',
        // Merged into the mobile config's simulated throttling (slow 4G kept).
        ...(mode === 'calibrated' ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      },
      mode === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      // The folder is made when missing: a run's reports are lost otherwise, minutes in.
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      writeFileSync(
        join(process.env.LIGHTHOUSE_REPORTS, `${name}-${mode}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const landedOn = lhr.finalDisplayedUrl;
    if (name === 'desktop' && !landedOn.endsWith('/desktop'))
      throw new Error(`/desktop was not measured logged in: Lighthouse ended on ${landedOn}`);
    return {
      page: name,
      mode,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      cpuSlowdown: lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? cpuSlowdown,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      runs: [],
    };
  } finally {
    await context.close();
  }
}

function medianRun(rows: LighthouseRow[]): LighthouseRow {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRow;
  return { ...mid, runs: rows.map((r) => r.performance) };
}

/** The mobile rows' goal: the landing page and /desktop fast on a mid-range phone over 4G. */
export const Goal = { performance: 95, fcpMs: 1800, tbtMs: 200 };

/** What a set of rows misses of the goal, one phrase per miss. */
export function goalMisses(rows: readonly LighthouseRow[]): string[] {
  return rows.flatMap((r) =>
    [
      r.performance < Goal.performance
        ? `${r.page} ${r.mode} performance ${r.performance} < ${Goal.performance}`
        : '',
      r.fcpMs > Goal.fcpMs ? `${r.page} ${r.mode} FCP ${Math.round(r.fcpMs)} ms > ${Goal.fcpMs} ms` : '',
      r.tbtMs > Goal.tbtMs ? `${r.page} ${r.mode} TBT ${Math.round(r.tbtMs)} ms > ${Goal.tbtMs} ms` : '',
    ].filter((m) => m !== ''),
  );
}

export function formatRows(rows: readonly LighthouseRow[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    '| page | mode | CPU | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | runs (performance) | benchmarkIndex |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.page === 'landing' ? '/ (landing)' : '/desktop (logged in)'} | ${r.mode} | ${r.cpuSlowdown}x | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${s(r.fcpMs)} | ${s(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.runs.join(' / ')} | ${Math.round(r.benchmarkIndex)} |`,
    ),
  ].join('\n');
}

const bench: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse 12.2.3 on the landing page and on /desktop after a login, mobile (simulated slow 4G, 4x CPU), calibrated (mobile with the CPU slowdown scaled to the host: 4 x benchmarkIndex / 1,750) and desktop modes, against the production build served by the gateway (simulator and gateway as child processes, as `npm start`); the median run of each by performance score.',
  async run(options: BenchOptions): Promise<BenchmarkReport> {
    const runs = options.quick ? 1 : Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-web-'));
    const children: ChildProcess[] = [];
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    let browser: Browser | undefined;
    try {
      await buildWeb(outDir);
      const simPort = await freePort();
      const gatewayPort = await freePort();
      children.push(service('upstream-sim/src/server.ts', { SIM_PORT: String(simPort) }));
      await waitForHttp(`http://127.0.0.1:${simPort}/metrics`, 180_000);
      children.push(
        service('gateway/src/server.ts', {
          PORT: String(gatewayPort),
          UPSTREAM_URL: `http://127.0.0.1:${simPort}`,
          WEB_DIST: outDir,
        }),
      );
      await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`, 180_000);
      const base = `http://localhost:${gatewayPort}`;
      chrome = await chromeLauncher.launch({ chromePath: ChromiumPath, chromeFlags: ChromeFlags });
      browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${chrome.port}`,
        defaultViewport: null,
      });
      const rows: LighthouseRow[] = [];
      const pick = <T extends string>(variable: string, all: T[]): T[] => {
        const wanted = process.env[variable]?.split(',');
        return wanted ? all.filter((x) => wanted.includes(x)) : all;
      };
      // Every run's benchmarkIndex: the calibrated rows' slowdown is taken from their median.
      const indexes: number[] = [];
      const hostIndex = async (b: Browser): Promise<number> => {
        if (indexes.length === 0)
          indexes.push((await measure(b, base, 'landing', 'mobile', 4)).benchmarkIndex);
        const sorted = [...indexes].sort((x, y) => x - y);
        return sorted[Math.floor((sorted.length - 1) / 2)] as number;
      };
      for (const name of pick<PageName>('LIGHTHOUSE_PAGES', ['landing', 'desktop'])) {
        for (const mode of pick<Mode>('LIGHTHOUSE_MODES', ['mobile', 'calibrated', 'desktop'])) {
          const slowdown = mode === 'calibrated' ? calibratedSlowdown(await hostIndex(browser)) : 4;
          const measured: LighthouseRow[] = [];
          for (let i = 0; i < runs; i++) {
            const run = await measure(browser, base, name, mode, slowdown);
            indexes.push(run.benchmarkIndex);
            measured.push(run);
          }
          const row = medianRun(measured);
          console.error(`[lighthouse] ${name} ${mode}: ${row.runs.join(' / ')}`);
          rows.push(row);
        }
      }
      const numbers: Record<string, number> = {};
      for (const r of rows) {
        const k = `${r.page}_${r.mode}`;
        numbers[`${k}_performance`] = r.performance;
        numbers[`${k}_accessibility`] = r.accessibility;
        numbers[`${k}_best_practices`] = r.bestPractices;
        numbers[`${k}_seo`] = r.seo;
        numbers[`${k}_fcp_ms`] = Math.round(r.fcpMs);
        numbers[`${k}_lcp_ms`] = Math.round(r.lcpMs);
        numbers[`${k}_tbt_ms`] = Math.round(r.tbtMs);
        numbers[`${k}_cls`] = r.cls;
        numbers[`${k}_cpu_slowdown`] = r.cpuSlowdown;
        numbers[`${k}_benchmark_index`] = Math.round(r.benchmarkIndex);
      }
      const verdict = (mode: Mode, label: string): string[] => {
        const of = rows.filter((r) => r.mode === mode);
        if (of.length === 0) return [];
        const misses = goalMisses(of);
        const goal = `mobile performance >= ${Goal.performance}, FCP <= ${Goal.fcpMs / 1000} s, TBT <= ${Goal.tbtMs} ms`;
        return [misses.length === 0 ? `${label} (${goal}): met.` : `${label} missed: ${misses.join('; ')}.`];
      };
      return {
        markdown: [
          `${runs} run(s) per row, the median by performance score shown.`,
          '',
          formatRows(rows),
          '',
          ...verdict('mobile', 'Goal'),
          ...verdict('calibrated', 'At the calibrated slowdown (for the record; the goal is read at 4x)'),
        ].join('\n'),
        numbers,
      };
    } finally {
      await browser?.disconnect();
      await chrome?.kill();
      await Promise.all(children.map(stop));
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};

export default bench;
