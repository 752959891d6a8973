/**
 * Side-by-side blocking time of `/desktop` after a login, for two builds of the web app in one run
 * (a loaded machine makes absolute numbers meaningless; the ratio between builds measured in
 * alternation still says which is cheaper). Each build is served by its own gateway over one
 * simulator; each run logs demo01 in on the landing page (a fresh browser context, a phone-sized
 * mobile viewport like Lighthouse's), then turns on 4x CPU throttling (CDP) and loads `/desktop`,
 * and sums the long tasks (PerformanceObserver 'longtask') after the first contentful paint as
 * Lighthouse's Total Blocking Time does (each task's time over 50 ms).
 *
 * `npx tsx scripts/bench/blocking-ab.ts <distA> <distB> [runs=5]` (dists: `buildWeb` output folders).
 * `PROFILE=<file>` writes a CPU profile of build B's first run, `PROFILES=<prefix>` one of every run
 * (`<prefix>-A-0.cpuprofile`, `<prefix>-B-0.cpuprofile`, ...); `SHIFTS=1` lists each run's layout
 * shifts; `CSS_B=<css>` adds a style sheet to build B's pages. `CALLS=<name,name>` counts the calls
 * of those functions (V8 precise coverage, every run of both builds: counts do not depend on the
 * machine's load; use builds without minification, whose functions keep their names).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sportsbook/gateway';
import { ChromiumFlags, ChromiumPath } from '@sportsbook/testkit';
import puppeteer, { type Browser } from 'puppeteer-core';
import { waitForHttp } from '../http.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function service(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Sample {
  /** Elements in the document and prices on the board once settled (counts: not stretched by load). */
  elements: number;
  prices: number;
  /** Main-thread task time in the trace (ms). */
  busy: number;
  /** The main thread's style recalculation (UpdateLayoutTree), layout and paint in the trace (ms). */
  style: number;
  layout: number;
  paint: number;
  /** Lighthouse-like TBT from the trace's main-thread tasks after FCP: each task x`Slowdown` - 50 ms. */
  traceTbt: number;
  tbt: number;
  longTasks: number;
  longMs: number;
  fcp: number;
  rowsAt: number;
  /** Layout shifts after the navigation (sum of their values: CLS when they fall in one window). */
  cls: number;
  /** Calls of the functions named in CALLS, by name. */
  calls: Record<string, number>;
}

/** CALLS: function names whose calls are counted during the load of `/desktop`. */
const Counted = (process.env.CALLS ?? '').split(',').filter((n) => n !== '');

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/**
 * 4: CDP CPU throttling (the page really runs 4x slower); 1: no throttling, and the trace's tasks are
 * multiplied by 4 instead, as Lighthouse's simulated throttling (Lantern) does.
 */
const Throttle = Number(process.env.THROTTLE ?? 4);
const Slowdown = 4 / Throttle;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Sum over the busiest renderer main thread's tasks after its first contentful paint. */
function simulatedTbt(events: TraceEvent[]): {
  tbt: number;
  busy: number;
  style: number;
  layout: number;
  paint: number;
} {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts ?? 0;
  let sum = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || `${e.pid}:${e.tid}` !== main) continue;
    if (e.ts + (e.dur ?? 0) < fcp) continue;
    sum += Math.max(0, ((e.dur ?? 0) / 1000) * Slowdown - 50);
  }
  const rendering = (name: string) =>
    events
      .filter((e) => e.name === name && e.ph === 'X' && `${e.pid}:${e.tid}` === main)
      .reduce((ms, e) => ms + (e.dur ?? 0) / 1000, 0);
  return {
    tbt: sum,
    busy: (busy.get(main ?? '') ?? 0) / 1000,
    style: rendering('UpdateLayoutTree'),
    layout: rendering('Layout'),
    paint: rendering('Paint'),
  };
}

async function sample(
  browser: Browser,
  base: string,
  profile: string | null,
  css: string | null,
): Promise<Sample> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(base, { waitUntil: 'load' });
    await page.waitForSelector('button[type=submit]:not([disabled])', { timeout: 120_000 });
    await page.type('input[name=account_id]', 'demo01');
    await page.type('input[name=password]', 'demo1234');
    await page.click('button[type=submit]');
    await page.waitForFunction('location.pathname === "/desktop"', { timeout: 120_000 });
    await page.waitForSelector('.match-row', { timeout: 120_000 });
    // CSS_B: a style sheet added to build B's pages (a CSS change tried without a build).
    if (css)
      await page.evaluateOnNewDocument(
        `document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: ${JSON.stringify(css)} })))`,
      );
    await page.evaluateOnNewDocument(`
      window.__lt = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lt.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      window.__ls = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.hadRecentInput) continue;
          const name = (n) => !n ? '?' : n.nodeType !== 1 ? n.nodeName : n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/s+/).join('.') : '');
          const rect = (r) => Math.round(r.y) + '+' + Math.round(r.height);
          window.__ls.push({
            start: e.startTime,
            value: e.value,
            sources: (e.sources ?? []).map((s) => name(s.node) + ' ' + rect(s.previousRect) + '->' + rect(s.currentRect)).join(', '),
            // Where the page's blocks are just after the shift (what moved, what arrived above it).
            outline: [...document.querySelectorAll('header, .marquee, nav, .replay-bar, .board-bar, .board-note, .board-stale, .board-head, .league, .match-row, .board-pager')]
              .map((n) => name(n).slice(0, 30) + '@' + rect(n.getBoundingClientRect())).join(' '),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    `);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Throttle });
    await page.tracing.start({
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    if (Counted.length > 0) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    }
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}/desktop`, { waitUntil: 'load' });
    await page.waitForSelector('.match-row', { timeout: 120_000 });
    const rowsAt = (await page.evaluate('performance.now()')) as number;
    // The board reveals its rows in steps, the other parts follow: let it all settle.
    await new Promise((r) => setTimeout(r, 8000));
    const calls: Record<string, number> = {};
    if (Counted.length > 0) {
      const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as Coverage;
      for (const script of result)
        for (const f of script.functions)
          if (Counted.includes(f.functionName))
            calls[f.functionName] = (calls[f.functionName] ?? 0) + (f.ranges[0]?.count ?? 0);
      await cdp.send('Profiler.stopPreciseCoverage');
    }
    if (profile) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(p));
    }
    const trace = JSON.parse(Buffer.from((await page.tracing.stop()) ?? []).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const path = (await page.evaluate('location.pathname')) as string;
    if (path !== '/desktop') throw new Error(`ended on ${path}`);
    const { tasks, fcp, shifts } = (await page.evaluate(`({
      tasks: window.__lt,
      shifts: window.__ls,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    })`)) as {
      tasks: { start: number; duration: number }[];
      fcp: number;
      shifts: { start: number; value: number; sources: string; outline: string }[];
    };
    if (process.env.SHIFTS)
      for (const s of shifts)
        console.log(
          `  shift ${s.value.toFixed(4)} at ${Math.round(s.start)} ms: ${s.sources}\n    ${s.outline}`,
        );
    const after = tasks.filter((t) => t.start + t.duration > fcp);
    const { tbt: traceTbt, busy, style, layout, paint } = simulatedTbt(trace.traceEvents);
    const [elements, prices] = (await page.evaluate(
      `[document.querySelectorAll('*').length, document.querySelectorAll('.board button.odds-cell').length]`,
    )) as [number, number];
    if (process.env.VERBOSE)
      console.log(tasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(' '));
    return {
      elements,
      prices,
      busy,
      style,
      layout,
      paint,
      traceTbt,
      tbt: after.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
      longTasks: after.length,
      longMs: after.reduce((s, t) => s + t.duration, 0),
      fcp,
      rowsAt,
      cls: shifts.reduce((sum, s) => sum + s.value, 0),
      calls,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  const [distA, distB, runsArg] = process.argv.slice(2);
  if (!distA || !distB) throw new Error('usage: blocking-ab.ts <distA> <distB> [runs]');
  const runs = Number(runsArg ?? 5);
  const children: ChildProcess[] = [];
  let browser: Browser | undefined;
  try {
    const simPort = await freePort();
    children.push(service('upstream-sim/src/server.ts', { SIM_PORT: String(simPort) }));
    await waitForHttp(`http://127.0.0.1:${simPort}/metrics`, 180_000);
    const bases: string[] = [];
    for (const dist of [distA, distB]) {
      const port = await freePort();
      children.push(
        service('gateway/src/server.ts', {
          PORT: String(port),
          UPSTREAM_URL: `http://127.0.0.1:${simPort}`,
          WEB_DIST: dist,
        }),
      );
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, 180_000);
      bases.push(`http://localhost:${port}`);
    }
    browser = await puppeteer.launch({
      executablePath: ChromiumPath,
      args: ['--headless=new', ...ChromiumFlags],
    });
    const results: Sample[][] = [[], []];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const v of order) {
        const all = process.env.PROFILES;
        const profile = all
          ? `${all}-${v === 0 ? 'A' : 'B'}-${i}.cpuprofile`
          : v === 1 && i === 0
            ? (process.env.PROFILE ?? null)
            : null;
        const s = await sample(
          browser,
          bases[v] as string,
          profile,
          v === 1 ? (process.env.CSS_B ?? null) : null,
        );
        results[v]?.push(s);
        console.log(
          `run ${i} ${v === 0 ? 'A' : 'B'}: ${s.elements} elements, ${s.prices} prices, main thread ${Math.round(s.busy)} ms (style ${Math.round(s.style)}, layout ${Math.round(s.layout)}, paint ${Math.round(s.paint)}), trace TBT ${Math.round(s.traceTbt)} ms, TBT ${Math.round(s.tbt)} ms, ${s.longTasks} long tasks (${Math.round(s.longMs)} ms), FCP ${Math.round(s.fcp)} ms, rows at ${Math.round(s.rowsAt)} ms, CLS ${s.cls.toFixed(3)}${Counted.map((n) => `, ${n} ${s.calls[n] ?? 0}`).join('')}`,
        );
      }
    }
    for (const name of Counted) {
      const [a, b] = results.map((r) => median(r.map((s) => s.calls[name] ?? 0))) as [number, number];
      console.log(`median calls of ${name}: A ${a}, B ${b}`);
    }
    const [ea, eb] = results.map((r) => median(r.map((s) => s.elements))) as [number, number];
    const [pa, pb] = results.map((r) => median(r.map((s) => s.prices))) as [number, number];
    const [ba, bb] = results.map((r) => median(r.map((s) => s.busy))) as [number, number];
    console.log(`median elements A ${ea}, B ${eb}; prices A ${pa}, B ${pb}`);
    console.log(
      `median main-thread time A ${Math.round(ba)} ms, B ${Math.round(bb)} ms, B/A ${(bb / ba).toFixed(2)}`,
    );
    for (const key of ['style', 'layout', 'paint'] as const) {
      const [xa, xb] = results.map((r) => median(r.map((s) => s[key]))) as [number, number];
      console.log(
        `median ${key} A ${Math.round(xa)} ms, B ${Math.round(xb)} ms, B/A ${(xb / xa).toFixed(2)}`,
      );
    }
    const [ta, tb] = results.map((r) => median(r.map((s) => s.traceTbt))) as [number, number];
    console.log(
      `median trace TBT A ${Math.round(ta)} ms, B ${Math.round(tb)} ms, B/A ${(tb / ta).toFixed(2)}`,
    );
    const [ca, cb] = results.map((r) => median(r.map((s) => s.cls))) as [number, number];
    console.log(`median CLS A ${ca.toFixed(3)}, B ${cb.toFixed(3)}`);
    const [a, b] = results.map((r) => median(r.map((s) => s.tbt))) as [number, number];
    const [la, lb] = results.map((r) => median(r.map((s) => s.longMs))) as [number, number];
    console.log(`median TBT A ${Math.round(a)} ms, B ${Math.round(b)} ms, B/A ${(b / a).toFixed(2)}`);
    console.log(
      `median long-task time A ${Math.round(la)} ms, B ${Math.round(lb)} ms, B/A ${(lb / la).toFixed(2)}`,
    );
  } finally {
    await browser?.close();
    for (const c of children) c.kill('SIGTERM');
  }
}

await main();
