import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Languages } from './constants.ts';
import { applyDelta, diffModel, type Model } from './diff.ts';
import { stateHash } from './hash.ts';
import {
  announcementsOf,
  highlightLeaguesOf,
  type ListTopic,
  liveTvMatchesOf,
  lotteryDrawsOf,
  marqueeLinesOf,
  numberGameDrawsOf,
  parseListReply,
} from './listFeed.ts';
import { isListFeedRead, type LiveTvMatch, type LotteryDraw, type NgDraw } from './schemas/index.ts';
import {
  LanguageLists,
  parseTopic,
  SharedLists,
  type Topic,
  topicCallPath,
  topicCalls,
  topicName,
} from './wire.ts';

const listTopicArb: fc.Arbitrary<ListTopic> = fc.oneof(
  fc.record({ kind: fc.constant('list' as const), list: fc.constantFrom(...SharedLists) }),
  fc.record({
    kind: fc.constant('list' as const),
    list: fc.constantFrom(...LanguageLists),
    language: fc.constantFrom(...Languages),
  }),
);

describe('list topic names', () => {
  it('parseTopic(topicName(t)) gives every list topic back, and the name is canonical', () => {
    fc.assert(
      fc.property(listTopicArb, (topic) => {
        const name = topicName(topic);
        expect(parseTopic(name)).toEqual({ ok: true, value: topic });
        const again = parseTopic(name);
        if (again.ok) expect(topicName(again.value as Topic)).toBe(name);
      }),
      { numRuns: 200 },
    );
  });

  it('any string that parses as a list topic is its own canonical name', () => {
    const pieces = fc.constantFrom('list', ...SharedLists, ...LanguageLists, ...Languages, 'EN', 'x', '');
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 4 }), (parts) => {
        const name = parts.join('/');
        const parsed = parseTopic(name);
        if (parsed.ok) expect(topicName(parsed.value)).toBe(name);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses unknown lists, languages and extra segments', () => {
    for (const bad of [
      'list',
      'list/',
      'list/nope',
      'list/livetv/en',
      'list/marquee',
      'list/marquee/xx',
      'list/marquee/EN',
      'list/announce/en/1',
      'List/livetv',
    ]) {
      expect(parseTopic(bad), bad).toMatchObject({ ok: false });
    }
  });

  it('polls each list with one sessionless feed read the upstream accepts', () => {
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(listTopicArb, (topic) => {
        const calls = topicCalls(topic);
        expect(calls).toHaveLength(1);
        const [call] = calls;
        if (!call) return;
        expect(isListFeedRead(call.call, call.body)).toBe(true);
        expect(call.body).not.toHaveProperty('account_id');
        expect(call.body).not.toHaveProperty('session_token');
        seen.set(topicName(topic), topicCallPath(call));
      }),
    );
    expect(seen.get('list/lottery')).toBe('/lottery/drawlist');
    expect(seen.get('list/livetv')).toBe('/livetvlist');
    expect(topicCalls({ kind: 'list', list: 'marquee', language: 'vi' })).toEqual([
      { call: 'marqueelist', body: { language: 'vi' } },
    ]);
    // A member's body is not a feed read, and neither is a feed read with extra fields.
    expect(isListFeedRead('livetvlist', { account_id: 'a', session_token: 't' })).toBe(false);
    expect(isListFeedRead('marqueelist', {})).toBe(false);
    expect(isListFeedRead('lottery/betlist', {})).toBe(false);
  });
});

const ok = <T>(data: T) => ({ status: 1, statusdesc: 'success', data });

const drawId = fc.integer({ min: 0, max: 999_999 }).map((n) => `202611${String(n).padStart(6, '0')}`);
const num4 = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));
const lotteryDrawArb: fc.Arbitrary<LotteryDraw> = fc.record({
  draw_id: drawId,
  draw_time: fc.integer({ min: 0, max: 2 ** 42 }),
  close_time: fc.integer({ min: 0, max: 2 ** 42 }),
  status: fc.constantFrom('open' as const, 'closed' as const, 'drawn' as const, 'cancelled' as const),
  numbers: fc.option(
    fc.record({
      first: num4,
      second: num4,
      third: num4,
      starter: fc.array(num4, { maxLength: 10 }),
      consolation: fc.array(num4, { maxLength: 10 }),
    }),
    { nil: null },
  ),
});
const drawsArb = fc.uniqueArray(lotteryDrawArb, { selector: (d) => d.draw_id, maxLength: 8 });

const tvArb: fc.Arbitrary<LiveTvMatch> = fc.record({
  match_id: fc.integer({ min: 1, max: 100_000 }),
  sport_id: fc.constant(1),
  league_id: fc.integer({ min: 1, max: 50 }),
  league_name: fc.string({ maxLength: 12 }),
  home: fc.string({ maxLength: 12 }),
  away: fc.string({ maxLength: 12 }),
  kickoff: fc.integer({ min: 0, max: 2 ** 42 }),
  live: fc.constantFrom(0 as const, 1 as const),
  score: fc.option(fc.tuple(fc.nat(9), fc.nat(9)), { nil: null }),
  period: fc.integer({ min: 0, max: 9 }),
  clock: fc.nat(6000),
});
const tvListArb = fc.uniqueArray(tvArb, { selector: (m) => m.match_id, maxLength: 12 });

function model(topic: ListTopic, reply: unknown): Model {
  const parsed = parseListReply(topic, reply);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value as unknown as Model;
}

describe('list models', () => {
  const lottery: ListTopic = { kind: 'list', list: 'lottery' };
  const livetv: ListTopic = { kind: 'list', list: 'livetv' };

  it('list/lottery keeps every draw of drawlist by id, open soonest first and recent newest first', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 42), drawsArb, drawsArb, (now, open, recent) => {
        const m = model(lottery, ok({ now, open, recent }));
        const back = lotteryDrawsOf(m as never);
        expect(back?.now).toBe(now);
        expect(new Set(back?.open)).toEqual(new Set(open));
        expect(new Set(back?.recent)).toEqual(new Set(recent));
        const times = back?.open.map((d) => d.draw_time) ?? [];
        expect(times).toEqual([...times].sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });

  it('a delta between two replies turns one model into the other with the same hash', () => {
    fc.assert(
      fc.property(tvListArb, tvListArb, (a, b) => {
        const before = model(livetv, ok(a));
        const after = model(livetv, ok(b));
        const applied = applyDelta(before, diffModel(before, after));
        expect(applied).toEqual(after);
        expect(stateHash(applied)).toBe(stateHash(after));
        expect(new Set(liveTvMatchesOf(applied as never))).toEqual(new Set(b));
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.nat(2 ** 42), drawsArb, drawsArb, drawsArb, (now, open, r1, r2) => {
        const before = model(lottery, ok({ now, open, recent: r1 }));
        const after = model(lottery, ok({ now: now + 1, open, recent: r2 }));
        const applied = applyDelta(before, diffModel(before, after));
        expect(applied).toEqual(after);
        expect(stateHash(applied)).toBe(stateHash(after));
      }),
      { numRuns: 100 },
    );
  });

  it('list/numbergame drops the member stake limits; the marquee and announcements drop read flags', () => {
    const draw: NgDraw = {
      draw_id: '202611270001',
      draw_time: 2,
      close_time: 1,
      status: 'open',
      numbers: null,
    };
    const ng = model(
      { kind: 'list', list: 'numbergame' },
      ok({
        now: 5,
        open: [draw],
        recent: [],
        table: [{ picks: 2, multipliers: [0, 1, 9], rtp: 0.95 }],
        min_stake: 1,
        max_stake: 500,
      }),
    );
    expect(JSON.stringify(ng)).not.toMatch(/stake/);
    expect(numberGameDrawsOf(ng as never)).toEqual({
      now: 5,
      open: [draw],
      recent: [],
      table: [{ picks: 2, multipliers: [0, 1, 9], rtp: 0.95 }],
    });
    const rows = [
      { id: 2, title: 'b', content: 'B', time: 2, read: true },
      { id: 1, title: 'a', content: 'A', time: 1 },
    ];
    const marquee = model({ kind: 'list', list: 'marquee', language: 'en' }, ok(rows));
    expect(marqueeLinesOf(marquee as never)?.map((m) => m.id)).toEqual([1, 2]);
    expect(JSON.stringify(marquee)).not.toMatch(/read/);
    const ann = model({ kind: 'list', list: 'announce', language: 'th' }, ok({ total: 7, items: rows }));
    expect(announcementsOf(ann as never)).toEqual({
      total: 7,
      items: [
        { id: 2, title: 'b', content: 'B', time: 2 },
        { id: 1, title: 'a', content: 'A', time: 1 },
      ],
    });
    const hl = model(
      { kind: 'list', list: 'highlights' },
      ok([
        { league_id: 9, league_name: 'Z', sport_id: 1, count: 2 },
        { league_id: 3, league_name: 'A', sport_id: 1, count: 1 },
      ]),
    );
    expect(highlightLeaguesOf(hl as never)?.map((l) => l.league_id)).toEqual([3, 9]);
  });

  it('a failed status or a reply off the schema is an error, never a model', () => {
    expect(parseListReply(livetv, { status: 0, statusdesc: 'systemError' })).toMatchObject({ ok: false });
    expect(parseListReply(livetv, ok([{ match_id: 'x' }]))).toMatchObject({ ok: false });
    expect(parseListReply(lottery, ok({ now: 1 }))).toMatchObject({ ok: false });
    fc.assert(
      fc.property(listTopicArb, fc.anything(), (topic, reply) => {
        expect(typeof parseListReply(topic, reply).ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
