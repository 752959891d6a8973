/**
 * `npm run replay -- FILE [--speed 10] [--from 21:14] [--loop]`: serves a recording as the upstream
 * (odds from the file, everything else from a simulator) and starts the gateway on it, so a
 * developer logs in at the printed URL and watches the recorded evening. Keys (when stdin is a
 * terminal): space pause/resume, + / - speed x2 / ÷2, right / left seek ±1 min, up / down ±10 min,
 * q quit. The same controls over HTTP: POST <upstream>/admin/replay (RECORDING.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildGateway, configFromEnv, describeProblem, loggerOptions } from '@sportsbook/gateway';
import { type ReplayCommand, startReplayUpstream } from './server.ts';
import { formatGmt8, progressLine } from './timeline.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

const usage = `usage: npm run replay -- FILE|DIR [--speed 10] [--from 21:14|+5m] [--loop] [--paused]
       [--port 8080] [--upstream-port 8091] [--no-gateway]
  --from   21:14 is GMT+8 wall time on the recording's day; +5m is an offset from its start
  keys     space pause, + / - speed, right / left seek 1 min, up / down seek 10 min, q quit`;

/** The key bindings, pure so they are easy to read and test. */
export function commandForKey(key: string, speed: number): ReplayCommand | 'quit' | undefined {
  switch (key) {
    case ' ':
      return { action: 'toggle' };
    case '+':
    case '=':
      return { action: 'speed', speed: Math.min(10_000, speed * 2) };
    case '-':
    case '_':
      return { action: 'speed', speed: Math.max(1 / 64, speed / 2) };
    case '\u001b[C':
      return { action: 'seek', by: 60_000 };
    case '\u001b[D':
      return { action: 'seek', by: -60_000 };
    case '\u001b[A':
      return { action: 'seek', by: 600_000 };
    case '\u001b[B':
      return { action: 'seek', by: -600_000 };
    case 'q':
    case '\u0003':
      return 'quit';
    default:
      return undefined;
  }
}

function ensureWebBuild(): string | undefined {
  const dist = `${root}web/dist`;
  if (existsSync(`${dist}/index.html`)) return dist;
  if (!existsSync(`${root}web/index.html`)) return undefined;
  console.log('[replay] building the web app');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sportsbook/web'], { cwd: root, stdio: 'inherit' });
  return build.status === 0 ? dist : undefined;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      speed: { type: 'string', default: '1' },
      from: { type: 'string' },
      loop: { type: 'boolean', default: false },
      paused: { type: 'boolean', default: false },
      port: { type: 'string' },
      'upstream-port': { type: 'string', default: '8091' },
      'no-gateway': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const file = positionals[0];
  if (values.help || !file) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const replay = await startReplayUpstream({
    file,
    speed: Number(values.speed),
    loop: values.loop,
    paused: values.paused,
    ...(values.from ? { from: values.from } : {}),
    port: Number(values['upstream-port']),
    onProblem: (p) => console.warn(`[replay] ${describeProblem(p)}`),
  });
  const { timeline, recording } = replay;
  console.log(
    `[replay] ${recording.files.length} file(s), ${recording.entries.length} replies, ${formatGmt8(timeline.start)} to ${formatGmt8(timeline.end)} GMT+8`,
  );
  if (recording.problems.length > 0) {
    console.warn(`[replay] ${recording.problems.length} problem(s) above; replaying what was readable`);
  }
  console.log(`[replay] upstream (odds from the file, accounts and bets from a simulator): ${replay.url}`);
  console.log(
    `[replay] control: curl -XPOST ${replay.url}/admin/replay -H 'content-type: application/json' -d '{"action":"pause"}'`,
  );

  let closeGateway: () => Promise<void> = async () => {};
  if (!values['no-gateway']) {
    const config = configFromEnv();
    const port = values.port ? Number(values.port) : config.port;
    const webDist = ensureWebBuild();
    const app = await buildGateway({
      ...config,
      port,
      upstreamUrl: replay.url,
      // The web's timeline bar drives this replayer (RECORDING.md "Timeline in the web").
      replayControlUrl: replay.url,
      webDist,
      // Replaying must not write a recording of the recording.
      recordDir: undefined,
      logger: loggerOptions(process.env.LOG_LEVEL ?? 'warn'),
    });
    await app.listen({ port, host: config.host });
    closeGateway = () => app.close();
    console.log(`\n  Sportsbook (replay):  http://localhost:${port}/`);
    console.log('  Demo logins: demo01 .. demo10, password demo1234\n');
    if (!webDist) console.log('  (no web build: the websocket feed is at /ws)');
  }

  const tty = process.stdout.isTTY;
  let lastPrinted = 0;
  const print = (force = false) => {
    const line = `[replay] ${progressLine(timeline.state())}`;
    if (tty) process.stdout.write(`\r${line}\x1b[K`);
    else if (force || Date.now() - lastPrinted >= 10_000) {
      lastPrinted = Date.now();
      console.log(line);
    }
  };
  const ticker = setInterval(() => print(), 500);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    if (tty) process.stdout.write('\n');
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    process.stdin.pause();
    await closeGateway();
    await replay.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());

  if (process.stdin.isTTY) {
    process.stdin.setRawMode(true);
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (key: string) => {
      const command = commandForKey(key, timeline.state().speed);
      if (command === 'quit') return void stop();
      if (!command) return;
      replay.control(command);
      print(true);
    });
  }
}

main().catch((err: unknown) => {
  console.error(`[replay] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
