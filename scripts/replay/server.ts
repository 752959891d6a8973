/**
 * The replay upstream: a Fastify server that answers `POST /odds/<call>` from a recording at the
 * replay clock's position and forwards every other path (logins, balances, bets) byte for byte to
 * a simulator it starts, or to `forwardUrl`. A gateway pointed at it cannot tell it from a live
 * upstream. `POST /admin/replay` (loopback only) pauses, resumes, seeks and changes speed.
 */
import { EventEmitter } from 'node:events';
import { describeProblem, type Recording, type RecordingProblem, readRecording } from '@sportsbook/gateway';
import { goalMarkers, type ReplayGoal } from '@sportsbook/protocol';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Agent, request } from 'undici';
import { type ClockMode, parseFrom, type ReplayState, type Served, Timeline } from './timeline.ts';

export interface ReplayUpstreamOptions {
  /** A recording file, a directory of rotated files, or several; or `recording` already read. */
  file?: string | readonly string[];
  recording?: Recording;
  speed?: number;
  loop?: boolean;
  /** Start position: `+5m`, `21:14` (GMT+8), ISO (timeline.ts parseFrom). */
  from?: string;
  /** Start paused (the admin call or control({action:'resume'}) starts it). */
  paused?: boolean;
  /** 'manual': the clock moves only by seek/stepTo (deterministic tests). */
  clock?: ClockMode;
  /** Where non-odds calls go; absent: a simulator is started (with `sim` options). */
  forwardUrl?: string;
  sim?: StartSimOptions;
  /** No forwarding at all (benchmarks): non-odds calls answer `unknownCall`. */
  forward?: boolean;
  port?: number;
  host?: string;
  /** Each unreadable part of the file, as it is found. */
  onProblem?: (problem: RecordingProblem) => void;
  now?: () => number;
}

export interface ReplayUpstream {
  url: string;
  port: number;
  app: FastifyInstance;
  timeline: Timeline;
  recording: Recording;
  /** Emits 'served' (Served) after each odds reply is sent. */
  events: EventEmitter<{ served: [Served] }>;
  /** The simulator answering non-odds calls, when this server started one. */
  sim: RunningSim | undefined;
  /** Manual clock: moves to a recorded instant. */
  stepTo(t: number): void;
  control(command: ReplayCommand): ReplayState;
  close(): Promise<void>;
}

export type ReplayCommand =
  | { action: 'state' }
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'toggle' }
  | { action: 'speed'; speed: number }
  | { action: 'loop'; loop: boolean }
  /** `to`: recorded UTC ms or a --from spec; `by`: ms relative to now (negative: back). */
  | { action: 'seek'; to?: number | string; by?: number };

const EmptyMarket = { leagues: [], matches: [], links: [], heads: [], odds: [] };
const OddsCallPaths = new Set(['uxmenu', 'uxmarket', 'uxmatch', 'uxmatch2']);

/** Nothing recorded for these params: what a live upstream says about an empty view. */
function unrecorded(call: string): string {
  if (call === 'uxmatch') return JSON.stringify({ status: 0, statusdesc: 'matchHide' });
  const data = call === 'uxmenu' ? { sports: [] } : EmptyMarket;
  return JSON.stringify({ status: 1, statusdesc: 'success', data });
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

export function parseCommand(body: unknown): ReplayCommand | string {
  if (typeof body !== 'object' || body === null) return 'body must be an object';
  const b = body as Record<string, unknown>;
  switch (b.action) {
    case 'state':
    case 'pause':
    case 'resume':
    case 'toggle':
      return { action: b.action };
    case 'speed':
      return typeof b.speed === 'number'
        ? { action: 'speed', speed: b.speed }
        : 'speed needs a number "speed"';
    case 'loop':
      return typeof b.loop === 'boolean' ? { action: 'loop', loop: b.loop } : 'loop needs a boolean "loop"';
    case 'seek': {
      const to = b.to;
      const by = b.by;
      if (to !== undefined && typeof to !== 'number' && typeof to !== 'string')
        return '"to" must be ms or a time';
      if (by !== undefined && typeof by !== 'number') return '"by" must be ms';
      if (to === undefined && by === undefined) return 'seek needs "to" or "by"';
      return { action: 'seek', ...(to !== undefined ? { to } : {}), ...(by !== undefined ? { by } : {}) };
    }
    default:
      return 'action must be pause, resume, toggle, seek, speed, loop or state';
  }
}

export function applyCommand(timeline: Timeline, command: ReplayCommand): ReplayState {
  switch (command.action) {
    case 'pause':
      timeline.pause();
      break;
    case 'resume':
      timeline.resume();
      break;
    case 'toggle':
      if (timeline.state().paused) timeline.resume();
      else timeline.pause();
      break;
    case 'speed':
      timeline.setSpeed(command.speed);
      break;
    case 'loop':
      timeline.setLoop(command.loop);
      break;
    case 'seek':
      if (command.to !== undefined) {
        timeline.seek(
          typeof command.to === 'number' ? command.to : parseFrom(command.to, timeline.start, timeline.end),
        );
      }
      if (command.by !== undefined) timeline.seekBy(command.by);
      break;
    case 'state':
      break;
  }
  return timeline.state();
}

export async function startReplayUpstream(options: ReplayUpstreamOptions): Promise<ReplayUpstream> {
  let recording = options.recording;
  if (!recording) {
    if (options.file === undefined) throw new Error('startReplayUpstream needs file or recording');
    recording = await readRecording(options.file, options.onProblem ? { onProblem: options.onProblem } : {});
  }
  if (recording.entries.length === 0) {
    const why = recording.problems.map(describeProblem).join('; ');
    throw new Error(
      `nothing to replay in ${recording.files.join(', ') || 'the recording'}${why ? `: ${why}` : ''}`,
    );
  }
  let sim: RunningSim | undefined;
  let forwardUrl = options.forwardUrl;
  if (!forwardUrl && options.forward !== false) {
    sim = await startSim(options.sim ?? {});
    forwardUrl = sim.url;
  }
  // Made once the simulator is up, so its start-up time is not played.
  const timeline = new Timeline(recording.entries, {
    speed: options.speed ?? 1,
    loop: options.loop ?? false,
    mode: options.clock ?? 'real',
    paused: options.paused ?? false,
    ...(options.now ? { now: options.now } : {}),
  });
  if (options.from !== undefined) timeline.seek(parseFrom(options.from, timeline.start, timeline.end));

  const agent = new Agent({ connections: 32, keepAliveTimeout: 10_000 });
  const events = new EventEmitter<{ served: [Served] }>();

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // Bodies stay bytes: forwarded calls must reach the simulator exactly as the gateway sent them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/odds/:call', async (req, reply) => {
    const { call } = req.params as { call: string };
    if (!OddsCallPaths.has(call)) return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
    let params: unknown = {};
    const raw = req.body as Buffer | undefined;
    if (raw && raw.length > 0) {
      try {
        params = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ status: 0, statusdesc: 'badRequest' });
      }
    }
    const served = timeline.lookup(call, params);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (served.t !== undefined) reply.header('x-replay-t', String(served.t));
    await reply.send(served.body ?? unrecorded(call));
    events.emit('served', served);
    return reply;
  });

  const admin = async (body: unknown, ip: string, reply: FastifyReply) => {
    if (!isLoopback(ip)) return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
    const command = parseCommand(body);
    if (typeof command === 'string')
      return reply.code(400).send({ status: 0, statusdesc: 'badRequest', message: command });
    try {
      return { status: 1, statusdesc: 'success', replay: applyCommand(timeline, command) };
    } catch (err) {
      return reply.code(400).send({ status: 0, statusdesc: 'badRequest', message: (err as Error).message });
    }
  };
  app.get('/admin/replay', (req, reply) => admin({ action: 'state' }, req.ip, reply));
  // The goals of the recording, for the web's timeline markers (protocol replay.ts), found once.
  let goals: ReplayGoal[] | undefined;
  app.get('/admin/replay/goals', async (req, reply) => {
    if (!isLoopback(req.ip)) return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
    goals ??= goalMarkers(recording.entries.filter((e) => e.call === 'uxmarket'));
    return { status: 1, statusdesc: 'success', goals };
  });
  app.post('/admin/replay', (req, reply) => {
    const raw = req.body as Buffer | undefined;
    let body: unknown;
    try {
      body = raw && raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      return reply.code(400).send({ status: 0, statusdesc: 'badRequest', message: 'body is not JSON' });
    }
    return admin(body, req.ip, reply);
  });

  app.setNotFoundHandler(async (req, reply) => {
    if (!forwardUrl) return reply.code(404).send({ status: 0, statusdesc: 'unknownCall' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (
        typeof value === 'string' &&
        !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)
      ) {
        headers[name] = value;
      }
    }
    const raw = req.body as Buffer | undefined;
    try {
      const res = await request(`${forwardUrl}${req.url}`, {
        method: req.method as 'POST',
        headers,
        ...(raw && req.method !== 'GET' && req.method !== 'HEAD' ? { body: raw } : {}),
        dispatcher: agent,
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      const type = res.headers['content-type'];
      if (typeof type === 'string') reply.header('content-type', type);
      return reply.code(res.statusCode).send(body);
    } catch {
      return reply.code(502).send({ status: 0, statusdesc: 'systemError' });
    }
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    timeline,
    recording,
    events,
    sim,
    stepTo: (t) => timeline.seek(t),
    control: (command) => applyCommand(timeline, command),
    async close() {
      await app.close();
      await agent.close();
      if (sim) await sim.close();
    },
  };
}
