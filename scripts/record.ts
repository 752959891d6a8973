/**
 * `npm run record -- --duration 10m --out FILE [--upstream URL] [--topics menu,odds/1/hdpou/live]`:
 * records an upstream's odds replies (RECORDING.md) without serving any client, polling each topic
 * on the gateway's own intervals (POLL_INTERVAL_MS x the group factors of gateway/src/config.ts).
 * With no --upstream it starts a simulator (`--live-matches`, `--seed`, `--sim-speed`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  configFromEnv,
  createRecorder,
  type GatewayConfig,
  type RecorderStats,
  topicInterval,
} from '@sportsbook/gateway';
import { isOddsTopic, parseTopic, type Topic, topicCall } from '@sportsbook/protocol';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { Agent, request } from 'undici';
import { formatDuration, parseDuration } from './replay/timeline.ts';

export const DefaultTopics = ['menu', 'odds/1/hdpou/live'];

export interface RecordUpstreamOptions {
  upstream: string;
  out: string;
  durationMs: number;
  topics: readonly string[];
  pollIntervalMs: number;
  groupFactors: GatewayConfig['groupFactors'];
  meta?: Record<string, unknown>;
  /** Ends the recording early (Ctrl-C); the file is closed cleanly. */
  signal?: AbortSignal;
  onProgress?: (progress: RecordProgress) => void;
  /** Per-call timeout (default: one interval, at least 1 s). */
  timeoutMs?: number;
}

export interface RecordProgress extends RecorderStats {
  elapsedMs: number;
  durationMs: number;
  failures: number;
}

/** The gateway's interval for a topic (feed/plugin.ts topicInterval). */
export function intervalOf(topic: Topic, pollIntervalMs: number, f: GatewayConfig['groupFactors']): number {
  return topicInterval({ pollIntervalMs, groupFactors: f }, topic);
}

export async function recordUpstream(options: RecordUpstreamOptions): Promise<RecordProgress> {
  const topics = options.topics.map((name) => {
    const parsed = parseTopic(name);
    if (!parsed.ok) throw new Error(`--topics: ${name}: ${parsed.error}`);
    if (!isOddsTopic(parsed.value)) throw new Error(`--topics: ${name}: only odds feed topics are recorded`);
    return { name, topic: parsed.value, call: topicCall(parsed.value) };
  });
  const recorder = createRecorder({
    file: options.out,
    upstream: options.upstream,
    source: 'record',
    meta: {
      topics: options.topics,
      intervals: Object.fromEntries(
        topics.map((t) => [t.name, intervalOf(t.topic, options.pollIntervalMs, options.groupFactors)]),
      ),
      ...options.meta,
    },
    onError: (err) => console.error(`[record] ${err.message}`),
  });
  const agent = new Agent({ connections: topics.length + 2, keepAliveTimeout: 10_000 });
  const started = Date.now();
  const deadline = started + options.durationMs;
  let failures = 0;
  const stop = new AbortController();
  const stopSignal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;

  async function pollLoop(t: (typeof topics)[number]): Promise<void> {
    const interval = intervalOf(t.topic, options.pollIntervalMs, options.groupFactors);
    const timeoutMs = options.timeoutMs ?? Math.max(1000, interval);
    while (!stopSignal.aborted && Date.now() < deadline) {
      const began = Date.now();
      try {
        const res = await request(`${options.upstream}/odds/${t.call.call}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(t.call.body),
          dispatcher: agent,
          signal: AbortSignal.any([stopSignal, AbortSignal.timeout(timeoutMs)]),
        });
        const text = await res.body.text();
        const t0 = Date.now();
        try {
          recorder.record({
            t: t0,
            call: t.call.call,
            params: t.call.body as Record<string, unknown>,
            body: JSON.parse(text),
          });
        } catch {
          failures += 1;
        }
      } catch {
        if (stopSignal.aborted) break;
        failures += 1;
      }
      // Fixed rate like the gateway's poller: the next poll starts one interval after this one began.
      const wait = Math.max(0, Math.min(began + interval, deadline) - Date.now());
      if (wait > 0 && !stopSignal.aborted) {
        await sleep(wait, undefined, { signal: stopSignal }).catch(() => undefined);
      }
    }
  }

  const progress = (): RecordProgress => ({
    ...recorder.stats(),
    elapsedMs: Math.min(Date.now() - started, options.durationMs),
    durationMs: options.durationMs,
    failures,
  });
  const ticker = options.onProgress ? setInterval(() => options.onProgress?.(progress()), 1000) : undefined;
  try {
    await Promise.all(topics.map((t) => pollLoop(t)));
  } finally {
    stop.abort();
    if (ticker) clearInterval(ticker);
    await recorder.close();
    await agent.close();
  }
  const final = progress();
  options.onProgress?.(final);
  return final;
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MiB`
    : `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10m' },
      out: { type: 'string' },
      upstream: { type: 'string' },
      topics: { type: 'string' },
      'live-matches': { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      'sim-speed': { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.out) {
    console.log(
      'usage: npm run record -- --out FILE [--duration 10m] [--upstream URL] [--topics menu,odds/1/hdpou/live]\n' +
        '       [--live-matches 40] [--seed 1] [--sim-speed 1]   (simulator options when no --upstream)',
    );
    process.exit(values.help ? 0 : 2);
  }
  const config = configFromEnv();
  const durationMs = parseDuration(values.duration);
  let sim: RunningSim | undefined;
  let upstream = values.upstream?.replace(/\/+$/, '');
  const meta: Record<string, unknown> = {};
  if (!upstream) {
    const world = { seed: Number(values.seed), liveMatches: Number(values['live-matches']) };
    sim = await startSim({ world, speed: Number(values['sim-speed']) });
    upstream = sim.url;
    meta.sim = { ...world, speed: Number(values['sim-speed']) };
    console.log(
      `[record] started a simulator at ${upstream} (${world.liveMatches} live matches, seed ${world.seed})`,
    );
  }
  const topics = values.topics
    ? values.topics
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : DefaultTopics;
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  process.once('SIGTERM', () => abort.abort());
  const tty = process.stdout.isTTY;
  let lastLine = 0;
  console.log(
    `[record] ${topics.join(', ')} from ${upstream} for ${formatDuration(durationMs)} into ${values.out}`,
  );
  const result = await recordUpstream({
    upstream,
    out: values.out,
    durationMs,
    topics,
    pollIntervalMs: config.pollIntervalMs,
    groupFactors: config.groupFactors,
    meta,
    signal: abort.signal,
    onProgress: (p) => {
      const line = `[record] ${formatDuration(p.elapsedMs)} / ${formatDuration(p.durationMs)}  replies ${p.replies}  ${kib(p.bytes)}${p.failures ? `  failures ${p.failures}` : ''}`;
      if (tty) process.stdout.write(`\r${line}\x1b[K`);
      else if (Date.now() - lastLine >= 10_000) {
        lastLine = Date.now();
        console.log(line);
      }
    },
  });
  if (tty) process.stdout.write('\n');
  console.log(`[record] done: ${result.replies} replies, ${kib(result.bytes)} in ${values.out}`);
  if (sim) await sim.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`[record] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
