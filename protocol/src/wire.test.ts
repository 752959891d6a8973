import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExcludedSportIds, MarketTypes, Sports } from './rows.ts';
import type { ClientFrame, ServerFrame, Topic } from './wire.ts';
import {
  CloseCode,
  decodeClientFrame,
  decodeServerFrame,
  encodeClientFrame,
  encodeServerFrame,
  MarketGroupNames,
  parseClientFrame,
  parseServerFrame,
  parseTopic,
  topicCall,
  topicName,
  WireErrorCode,
} from './wire.ts';

describe('client frames', () => {
  const valid: ClientFrame[] = [
    { op: 'hello', v: 1, account_id: 'acc1', session_token: 'tok' },
    { op: 'sub', id: 7, topic: 'odds/1/hdpou/live', from: { epoch: 'e1', seq: 41 } },
    { op: 'sub', id: 8, topic: 'menu' },
    { op: 'unsub', id: 8, topic: 'menu' },
    { op: 'ping', id: 9 },
  ];

  it('round-trips every DESIGN.md client frame through encode and decode', () => {
    for (const frame of valid)
      expect(decodeClientFrame(encodeClientFrame(frame))).toEqual({ ok: true, value: frame });
  });

  it('names the bad field', () => {
    expect(parseClientFrame({ op: 'sub', id: -1, topic: 'menu' })).toEqual({
      ok: false,
      error: expect.stringContaining('sub: /id'),
    });
    expect(parseClientFrame({ op: 'sub', id: 1, topic: 'menu', from: { epoch: 'e' } })).toEqual({
      ok: false,
      error: expect.stringContaining('/from'),
    });
    expect(parseClientFrame({ op: 'nope' })).toEqual({ ok: false, error: 'unknown op "nope"' });
    expect(parseClientFrame({ op: 'constructor' }).ok).toBe(false);
    expect(decodeClientFrame('{not json')).toEqual({ ok: false, error: 'frame is not JSON' });
  });

  it('never throws on arbitrary input or text', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (value, text) => {
        expect(typeof parseClientFrame(value).ok).toBe('boolean');
        expect(typeof parseServerFrame(value).ok).toBe('boolean');
        expect(typeof decodeClientFrame(text).ok).toBe('boolean');
        expect(typeof decodeServerFrame(text).ok).toBe('boolean');
        expect(typeof parseTopic(value).ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on frames with the right op and random fields', () => {
    const frameArb = fc.record({
      op: fc.constantFrom('hello', 'sub', 'unsub', 'ping'),
      t: fc.constantFrom('welcome', 'snap', 'delta', 'status', 'hb', 'ack', 'err'),
      id: fc.anything(),
      v: fc.anything(),
      topic: fc.anything(),
      from: fc.anything(),
      ops: fc.anything(),
      data: fc.anything(),
    });
    fc.assert(
      fc.property(frameArb, (frame) => {
        expect(typeof parseClientFrame(frame).ok).toBe('boolean');
        expect(typeof parseServerFrame(frame).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});

describe('server frames', () => {
  const valid: ServerFrame[] = [
    { t: 'welcome', node: 'gw-1', hb: 5000 },
    {
      t: 'snap',
      topic: 'odds/1/hdpou/live',
      epoch: 'e1',
      seq: 41,
      hash: '0123456789abcdef',
      pt: 1763800000000,
      data: { league: {}, live: [] },
    },
    {
      t: 'delta',
      topic: 'odds/1/hdpou/live',
      seq: 42,
      hash: '0123456789abcdef',
      pt: 1763800001000,
      ops: [
        ['odds', '5001-HDP-0', { prices: { '0': 1.95 } }],
        ['live', 0, 1],
      ],
    },
    { t: 'status', topic: 'odds/1/hdpou/live', stale: true, since: '2026-01-01T00:00:00.000Z' },
    { t: 'hb', ts: 1763800002000, seqs: { 'odds/1/hdpou/live': 42 } },
    { t: 'ack', id: 7 },
    { t: 'err', id: 7, code: 'badTopic', message: 'unknown sport "22"' },
    { t: 'err', code: 'badFrame', message: 'frame is not JSON' },
  ];

  it('round-trips every DESIGN.md server frame', () => {
    for (const frame of valid)
      expect(decodeServerFrame(encodeServerFrame(frame))).toEqual({ ok: true, value: frame });
  });

  it('rejects a delta whose ops are malformed, and an unknown error code', () => {
    const bad = { t: 'delta', topic: 'menu', seq: 1, hash: 'h', pt: 0, ops: [['odds', 'k', 5]] };
    expect(parseServerFrame(bad)).toEqual({ ok: false, error: 'delta: ops[0]: element 2 must be an object' });
    expect(parseServerFrame({ t: 'err', code: 'nope', message: '' }).ok).toBe(false);
  });
});

describe('close and error codes', () => {
  it('fixes the close codes of DESIGN.md', () => {
    expect(CloseCode).toMatchObject({
      badSession: 4401,
      forbiddenTopic: 4403,
      helloTimeout: 4408,
      tooManyRequests: 4429,
      frameTooLarge: 1009,
      internalError: 1011,
      serviceRestart: 1012,
      tooSlow: 4413,
    });
    expect(new Set(Object.values(CloseCode)).size).toBe(Object.values(CloseCode).length);
  });

  it('uses each error code as its own name', () => {
    for (const [k, v] of Object.entries(WireErrorCode)) expect(k).toBe(v);
  });
});

describe('topics', () => {
  const topicArb: fc.Arbitrary<Topic> = fc.oneof(
    fc.constant({ kind: 'menu' as const }),
    fc.record({
      kind: fc.constant('match' as const),
      matchId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    }),
    fc.record({
      kind: fc.constant('odds' as const),
      sportId: fc.constantFrom(...(Object.keys(Sports).map(Number) as (keyof typeof Sports)[])),
      marketType: fc.constantFrom(...MarketTypes),
      group: fc.constantFrom(...MarketGroupNames),
    }),
  );

  it('parses every canonical topic name back to its topic', () => {
    fc.assert(
      fc.property(topicArb, (topic) => {
        expect(parseTopic(topicName(topic))).toEqual({ ok: true, value: topic });
      }),
      { numRuns: 300 },
    );
  });

  it('rejects excluded sports, unknown market types and groups, and non-canonical ids', () => {
    for (const id of ExcludedSportIds) expect(parseTopic(`odds/${id}/hdpou/live`).ok).toBe(false);
    for (const bad of [
      'odds/1/hdpou/later',
      'odds/1/nope/live',
      'odds/01/hdpou/live',
      'odds/99/hdpou/live',
      'odds/1/hdpou',
      'odds/1/hdpou/live/x',
      'match/0',
      'match/007',
      'match/1e3',
      'match/99999999999999999',
      'Menu',
      '',
    ]) {
      expect(parseTopic(bad), bad).toMatchObject({ ok: false });
    }
  });

  it('maps each topic to the upstream call that polls it', () => {
    const call = (name: string) => {
      const t = parseTopic(name);
      if (!t.ok) throw new Error(t.error);
      return topicCall(t.value);
    };
    expect(call('menu')).toEqual({ call: 'uxmenu', body: {} });
    expect(call('odds/1/hdpou/live')).toEqual({
      call: 'uxmarket',
      body: { sport_id: 1, market_type: 'hdpou', group: 'live' },
    });
    expect(call('odds/1/mmo/today')).toEqual({ call: 'uxmatch2', body: { sport_id: 1, group: 'today' } });
    expect(call('match/5001')).toEqual({ call: 'uxmatch', body: { match_id: 5001 } });
  });
});
