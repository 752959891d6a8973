import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDelta, diffModel } from './diff.ts';
import { stateHash } from './hash.ts';
import { emptyRadarModel, parseRadarReply, radarEvents, radarGoals } from './radar.ts';
import { type RadarEvent, RadarEventKinds, validateBody } from './schemas/index.ts';
import { parseTopic, topicCall, topicCallPath, topicName } from './wire.ts';

const side = fc.constantFrom('H' as const, 'A' as const);
const count = fc.integer({ min: 0, max: 50 });

const matchArb = fc.record({
  match_id: fc.integer({ min: 1, max: 1_000_000 }),
  sport_id: fc.constant(1),
  league_name: fc.string({ maxLength: 20 }),
  home: fc.string({ maxLength: 20 }),
  away: fc.string({ maxLength: 20 }),
  kickoff: fc.integer({ min: 0, max: 2 ** 42 }),
  tracker: fc.constantFrom('pitch' as const, 'scoreboard' as const),
  home_score: count,
  away_score: count,
  period: fc.constantFrom(0, 1, 2, 3, 9),
  clock: fc.integer({ min: 0, max: 6000 }),
  status: fc.constantFrom(0, 1, 2, 5),
  ball_side: side,
  ball_zone: fc.integer({ min: 0, max: 4 }),
  home_red: count,
  away_red: count,
});

const statsArb = fc.record({
  possession: fc.integer({ min: 0, max: 100 }),
  attacks: count,
  dangerous: count,
  shots: count,
  on_target: count,
  corners: count,
  yellow: count,
  red: count,
  subs: count,
});

const eventArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom(...RadarEventKinds),
    side: fc.constantFrom('H' as const, 'A' as const, '' as const),
    minute: fc.integer({ min: 0, max: 120 }),
    clock: fc.integer({ min: 0, max: 7200 }),
    period: fc.constantFrom(1, 3),
    home_score: count,
    away_score: count,
    value: fc.integer({ min: 0, max: 3 }),
  });

const eventsArb: fc.Arbitrary<RadarEvent[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 })
  .chain((ids) =>
    ids.length === 0 ? fc.constant<RadarEvent[]>([]) : fc.tuple(...ids.map(eventArb)).map((t) => [...t]),
  );

const replyArb = fc.record({
  status: fc.constant(1),
  statusdesc: fc.constant('success'),
  match: matchArb,
  stats: fc.record({ H: statsArb, A: statsArb }),
  events: eventsArb,
});

describe('radar topic model', () => {
  it('normalizes any valid reply: one match, both sides, every event by id, oldest first', () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        const parsed = parseRadarReply(reply);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const model = parsed.value;
        expect(Object.keys(model.match)).toEqual([String(reply.match.match_id)]);
        expect(Object.keys(model.stats).sort()).toEqual(['A', 'H']);
        const events = radarEvents(model);
        expect(events.map((e) => e.id)).toEqual(
          reply.events.map((e: RadarEvent) => e.id).sort((a, b) => a - b),
        );
        const goals = radarGoals(events);
        let h = 0;
        let a = 0;
        for (const e of reply.events as RadarEvent[]) {
          if (e.kind === 'goal' && e.side === 'H') h += e.value;
          if (e.kind === 'goal' && e.side === 'A') a += e.value;
        }
        expect(goals).toEqual({ home: h, away: a });
      }),
      { numRuns: 150 },
    );
  });

  it('two models diff into a delta that rebuilds the second, with the same hash', () => {
    fc.assert(
      fc.property(replyArb, replyArb, (x, y) => {
        const a = parseRadarReply(x);
        const b = parseRadarReply(y);
        if (!a.ok || !b.ok) throw new Error('parse');
        const delta = diffModel(a.value, b.value);
        const rebuilt = applyDelta(a.value, delta);
        expect(stateHash(rebuilt)).toBe(stateHash(b.value));
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on any input, and refuses what is not a radarlist reply', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const parsed = parseRadarReply(input);
        expect(typeof parsed.ok).toBe('boolean');
      }),
    );
    expect(parseRadarReply({ status: 0, statusdesc: 'matchHide' }).ok).toBe(false);
    expect(parseRadarReply({ status: 1, statusdesc: 'success' }).ok).toBe(false);
    expect(radarEvents(emptyRadarModel())).toEqual([]);
    expect(radarEvents(null)).toEqual([]);
  });

  it('radar/<match_id> parses, names and polls radarlist; bad ids are refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        const parsed = parseTopic(`radar/${id}`);
        expect(parsed).toEqual({ ok: true, value: { kind: 'radar', matchId: id } });
        if (!parsed.ok) return;
        expect(topicName(parsed.value)).toBe(`radar/${id}`);
        const call = topicCall(parsed.value);
        expect(call).toEqual({ call: 'radarlist', body: { match_id: id } });
        expect(topicCallPath(call)).toBe('/radarlist');
        expect(validateBody('radarlist', call.body).ok).toBe(true);
      }),
    );
    for (const bad of ['radar/', 'radar/0', 'radar/01', 'radar/x', 'radar/1/2', 'radar/-1'])
      expect(parseTopic(bad).ok, bad).toBe(false);
  });
});
