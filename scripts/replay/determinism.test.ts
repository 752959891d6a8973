/**
 * Record and replay end to end (RECORDING.md): a fast simulated evening is recorded by a real
 * gateway (RECORD_DIR) while a websocket client collects each topic's hash sequence; the files are
 * replayed through another real gateway, stepping the replay clock through every recorded instant,
 * twice: both replays give exactly the live sequence. A real-clock replay at speed 50 gives the
 * sequence in order (a poll may skip a state that lasted less than one poll) and ends on the live
 * final state. Seeking back and forth moves the clients' state to the recorded one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningGateway, readRecording, replyKey, startGateway } from '@sportsbook/gateway';
import { parseTopic, topicCall } from '@sportsbook/protocol';
import { FeedTestClient, login, startStack } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayUpstream, startReplayUpstream } from './server.ts';

// Both change on every advance while any soccer match is live (the match clock is in the rows).
const TOPICS = ['odds/1/hdpou/live', 'odds/1/1x2/live'];
const STEPS = 25;
const STEP_MS = 15_000;

function keyOf(topic: string): string {
  const parsed = parseTopic(topic);
  if (!parsed.ok) throw new Error(parsed.error);
  const call = topicCall(parsed.value);
  return replyKey(call.call, call.body);
}

/** Per topic: the snapshot's hash, then each delta's, as the client received them. */
function hashSequences(client: FeedTestClient): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(TOPICS.map((t) => [t, [] as string[]]));
  for (const f of client.frames) {
    if ((f.t === 'snap' || f.t === 'delta') && out[f.topic]) out[f.topic]?.push(f.hash);
  }
  return out;
}

let pingId = 1_000_000;
/** Every frame the server sent before now has arrived (frames are in order on one socket). */
async function roundTrip(client: FeedTestClient): Promise<void> {
  const id = pingId++;
  client.send({ op: 'ping', id });
  await client.until(() => client.frames.some((f) => f.t === 'ack' && f.id === id), 5000, 'ping ack');
}

async function connect(gateway: RunningGateway, upstreamUrl: string): Promise<FeedTestClient> {
  const session = await login(upstreamUrl);
  const client = await FeedTestClient.connect(gateway.wsUrl);
  await client.hello(session.accountId, session.token);
  for (const topic of TOPICS) {
    await client.sub(topic);
    await client.until(() => client.topics.has(topic), 5000, `snapshot of ${topic}`);
  }
  return client;
}

describe('record and replay through the real gateway', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-determinism-'));
  let live: Record<string, string[]> = {};

  beforeAll(async () => {
    const { sim, gateway, close } = await startStack({
      sim: { world: { seed: 7, liveMatches: 8 } },
      gateway: { pollIntervalMs: 50, warmTopics: [], recordDir: dir },
    });
    try {
      const client = await connect(gateway, sim.url);
      for (let i = 0; i < STEPS; i++) {
        const before = TOPICS.map((t) => client.topics.get(t)?.deltas ?? 0);
        sim.advance(STEP_MS);
        for (const [j, topic] of TOPICS.entries()) {
          await client.until(
            () => (client.topics.get(topic)?.deltas ?? 0) > (before[j] ?? 0),
            5000,
            `delta of ${topic}`,
          );
        }
      }
      expect(client.problems).toEqual([]);
      live = hashSequences(client);
      await client.close();
    } finally {
      await close();
    }
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the gateway recorded every poll of the evening', async () => {
    const read = await readRecording(dir);
    expect(read.problems).toEqual([]);
    expect(read.headers[0]).toMatchObject({ source: 'gateway', version: 1 });
    for (const topic of TOPICS) {
      expect(live[topic]).toHaveLength(STEPS + 1);
      expect(read.entries.filter((e) => replyKey(e.call, e.params) === keyOf(topic)).length).toBeGreaterThan(
        STEPS,
      );
    }
  });

  /** Steps the clock through every recorded instant; each waits until every topic was served at it. */
  async function steppedReplay(): Promise<{
    hashes: Record<string, string[]>;
    replay: ReplayUpstream;
    client: FeedTestClient;
    gateway: RunningGateway;
  }> {
    const replay = await startReplayUpstream({
      file: dir,
      clock: 'manual',
      sim: { world: { liveMatches: 1 } },
    });
    const gateway = await startGateway({
      upstreamUrl: replay.url,
      webDist: undefined,
      pollIntervalMs: 10,
      warmTopics: [],
    });
    const client = await connect(gateway, replay.url);
    const keys = TOPICS.map(keyOf);
    const servedAt = new Map<string, number>();
    const served: { key: string; position: number }[] = [];
    replay.events.on('served', (s) => {
      servedAt.set(s.key, s.position);
      served.push(s);
    });
    const waitServed = (position: number, times: number) =>
      new Promise<void>((resolve) => {
        const count = () =>
          keys.every((k) => served.filter((s) => s.key === k && s.position === position).length >= times);
        if (count()) return resolve();
        const check = () => {
          if (!count()) return;
          replay.events.off('served', check);
          resolve();
        };
        replay.events.on('served', check);
      });
    for (const t of replay.timeline.instants) {
      served.length = 0;
      replay.stepTo(t);
      await waitServed(t, 1);
    }
    // A topic's next poll starts only after the previous reply was published: two serves at the
    // last instant mean its state went out; the ping then proves the client has it.
    served.length = 0;
    await waitServed(replay.timeline.end, 2);
    await roundTrip(client);
    expect(client.problems).toEqual([]);
    return { hashes: hashSequences(client), replay, client, gateway };
  }

  it('replaying twice gives exactly the live hash sequence; seeking back and forth follows', async () => {
    for (let run = 0; run < 2; run++) {
      const { hashes, replay, client, gateway } = await steppedReplay();
      try {
        expect(hashes).toEqual(live);
        // Seek back to the start: every client returns to the first recorded state, by deltas.
        replay.control({ action: 'seek', to: replay.timeline.start });
        for (const topic of TOPICS) {
          await client.until(
            () => client.topics.get(topic)?.hash === live[topic]?.[0],
            5000,
            `${topic} back at start`,
          );
        }
        replay.control({ action: 'seek', to: replay.timeline.end });
        for (const topic of TOPICS) {
          await client.until(
            () => client.topics.get(topic)?.hash === live[topic]?.at(-1),
            5000,
            `${topic} at the end`,
          );
        }
        expect(client.problems).toEqual([]);
      } finally {
        await client.close();
        await gateway.close();
        await replay.close();
      }
    }
  });

  it('a real-clock replay at speed 50 delivers the live states in order and ends on the last one', async () => {
    const replay = await startReplayUpstream({
      file: dir,
      speed: 50,
      paused: true,
      sim: { world: { liveMatches: 1 } },
    });
    const gateway = await startGateway({
      upstreamUrl: replay.url,
      webDist: undefined,
      pollIntervalMs: 10,
      warmTopics: [],
    });
    try {
      const client = await connect(gateway, replay.url);
      replay.control({ action: 'resume' });
      for (const topic of TOPICS) {
        await client.until(
          () => client.topics.get(topic)?.hash === live[topic]?.at(-1),
          20_000,
          `${topic} at the end`,
        );
      }
      expect(replay.timeline.state().ended).toBe(true);
      expect(client.problems).toEqual([]);
      const seen = hashSequences(client);
      for (const topic of TOPICS) {
        const expected = live[topic] ?? [];
        const got = seen[topic] ?? [];
        expect(got[0]).toBe(expected[0]);
        // In order: each received hash appears in the live sequence after the previous one.
        let at = 0;
        for (const hash of got.slice(1)) {
          const next = expected.indexOf(hash, at + 1);
          expect(next, `${topic}: ${hash} out of order`).toBeGreaterThan(at);
          at = next;
        }
      }
      await client.close();
    } finally {
      await gateway.close();
      await replay.close();
    }
  });
});
