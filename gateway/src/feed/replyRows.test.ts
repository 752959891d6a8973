import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplyParser } from './replyRows.ts';

/** What JSON.parse says of a text: its value, or that it throws. */
function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The parser reads bytes, as the upstream client receives them. */
const bytes = (text: string) => Buffer.from(text, 'utf8');

function viaParser(parser: ReturnType<typeof createReplyParser>, text: string) {
  try {
    return { ok: true, value: parser.parse(bytes(text)) };
  } catch (err) {
    expect(err).toBeInstanceOf(SyntaxError);
    return { ok: false };
  }
}

const row = fc.array(
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(null)),
  {
    maxLength: 5,
  },
);
const reply = fc.record({
  status: fc.constantFrom(1, 0),
  statusdesc: fc.string({ maxLength: 4 }),
  data: fc.record({
    leagues: fc.array(row, { maxLength: 4 }),
    matches: fc.array(fc.tuple(fc.integer(), row, fc.option(fc.array(fc.integer(), { maxLength: 6 }))), {
      maxLength: 6,
    }),
    odds: fc.array(row, { maxLength: 40 }),
    extra: fc.jsonValue(),
  }),
});
/** The same value as text, as different servers might format it. */
const format = fc.constantFrom(
  (v: unknown) => JSON.stringify(v),
  (v: unknown) => JSON.stringify(v, null, 2),
  (v: unknown) => ` \n${JSON.stringify(v, null, '\t')}\r\n`,
);

describe('createReplyParser', () => {
  it('gives what JSON.parse gives for any JSON text, including replies of another shape', () => {
    fc.assert(
      fc.property(fc.array(fc.json(), { minLength: 1, maxLength: 4 }), (texts) => {
        const parser = createReplyParser();
        for (const text of texts) expect(viaParser(parser, text)).toEqual(parsed(text));
      }),
    );
  });

  it('gives what JSON.parse gives for successive replies with rows changed, moved, added and removed', () => {
    fc.assert(
      fc.property(
        reply,
        fc.array(fc.tuple(fc.nat(), fc.nat(), row, format), { maxLength: 8 }),
        format,
        (first, edits, fmt) => {
          const parser = createReplyParser();
          let value = first;
          let text = fmt(value);
          let lastFormat = fmt;
          expect(viaParser(parser, text)).toEqual(parsed(text));
          for (const [at, kind, newRow, f] of edits) {
            const next = structuredClone(value);
            const odds = next.data.odds as unknown[];
            const i = odds.length === 0 ? 0 : at % odds.length;
            if (kind % 3 === 0) odds.splice(i, 0, newRow);
            else if (kind % 3 === 1) odds.splice(i, 1);
            else if (odds.length > 0) odds[i] = newRow;
            const nextText = f(next);
            const before = parser.parse(bytes(text)) as { data: { odds: unknown[] } };
            const after = parser.parse(bytes(nextText)) as { data: { odds: unknown[] } };
            expect(after).toEqual(JSON.parse(nextText));
            // An unchanged row (same text, same place) is the previous reply's row object.
            if (f === lastFormat && kind % 3 === 2 && odds.length > 1) {
              const j = (i + 1) % odds.length;
              if (JSON.stringify(before.data.odds[j]) === JSON.stringify(after.data.odds[j]))
                expect(after.data.odds[j]).toBe(before.data.odds[j]);
            }
            value = next;
            text = nextText;
            lastFormat = f;
          }
        },
      ),
    );
  });

  it('throws where JSON.parse throws, and agrees where it does not, for corrupted replies', () => {
    fc.assert(
      fc.property(
        reply,
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom('', ',', ']', '[', '}', '"', '\\', ':', '0', 'x', ' ', '\u0001'),
          ),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.boolean(),
        (value, cuts, insert) => {
          const parser = createReplyParser();
          const good = JSON.stringify(value);
          parser.parse(bytes(good));
          let bad = good;
          for (const [at, ch] of cuts) {
            const i = at % (bad.length + 1);
            bad = insert ? bad.slice(0, i) + ch + bad.slice(i) : bad.slice(0, i) + ch + bad.slice(i + 1);
          }
          expect(viaParser(parser, bad)).toEqual(parsed(bad));
          // And it recovers: the good reply again.
          expect(parser.parse(bytes(good))).toEqual(JSON.parse(good));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reuses the rows of an unchanged reply text and of an unchanged collection, parses a changed row', () => {
    const parser = createReplyParser();
    const body = {
      status: 1,
      statusdesc: '',
      data: {
        leagues: [[101, 1, 'Premier League', 1, 0, 1, 'England']],
        matches: [
          [5001, 101, 'Arsenal', 'Chelsea', 1, 0, 1, 1, 1, 1767225600, 0, 0, [1, 0, 3, 3120, 0, 0], ''],
        ],
        links: [],
        heads: [],
        odds: [
          ['5001-HDP-0', 5001, 'HDP', -0.25, 0, [1.93, 1.97], null],
          ['5001-OU-0', 5001, 'OU', 2.5, 0, [1.9, 1.98], null],
        ] as unknown[][],
      },
    };
    const a = parser.parse(bytes(JSON.stringify(body))) as typeof body;
    const changed = structuredClone(body);
    (changed.data.odds[1] as unknown[])[5] = [1.9, 2.0];
    const b = parser.parse(bytes(JSON.stringify(changed))) as typeof body;
    expect(b).toEqual(changed);
    expect(b.data.odds[0]).toBe(a.data.odds[0]);
    expect(b.data.odds[1]).not.toBe(a.data.odds[1]);
    expect(b.data.matches[0]).toBe(a.data.matches[0]);
    expect(b.data.leagues[0]).toBe(a.data.leagues[0]);
  });

  it('reads a reply with a byte order mark as fetch text() does (the mark is not text)', () => {
    const parser = createReplyParser();
    const text = '{"status":1,"data":{"odds":[["曼联",1]]}}';
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(parser.parse(withMark)).toEqual(JSON.parse(text));
  });

  it('keeps a `__proto__` key an own property, as JSON.parse does', () => {
    const parser = createReplyParser();
    const text = '{"__proto__":{"x":1},"data":{"odds":[[1]]}}';
    expect(parser.parse(bytes(text))).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(parser.parse(bytes(text)))).toBe(Object.prototype);
  });
});
