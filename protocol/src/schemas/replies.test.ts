import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { afterEach, describe, expect, it } from 'vitest';
import { isOkStatus } from '../replies.ts';
import { BetCalls, BetReplySchemas } from './bet.ts';
import { fieldOf, type ReplyCallName, replyCheckKind, replySchemas, validateReply } from './index.ts';
import { InfoReplies } from './info.ts';

describe('bet and info reply schemas', () => {
  it('cover every bet call and the info calls the web reads', () => {
    for (const call of BetCalls) expect(Object.hasOwn(replySchemas, `bet/${call}`)).toBe(true);
    expect(Object.keys(BetReplySchemas)).toHaveLength(BetCalls.length);
    for (const call of Object.keys(InfoReplies)) expect(Object.hasOwn(replySchemas, call)).toBe(true);
  });

  it('check the fields of a success and only the envelope of a failure', () => {
    const status = fc.oneof(fc.integer(), fc.string({ maxLength: 16 }));
    fc.assert(
      fc.property(status, fc.string({ maxLength: 40 }), fc.anything(), (s, desc, data) => {
        const result = validateReply('bet/cashoutcheck', { status: s, statusdesc: desc, data });
        if (!isOkStatus(s)) expect(result.ok).toBe(true);
        else expect(result.ok).toBe(false);
      }),
    );
    const quote = { bet_id: 'B1', quote_id: 'Q1', cashout_value: 8.5, expires_at: 1 };
    expect(validateReply('bet/cashoutcheck', { status: 1, statusdesc: 'success', data: quote }).ok).toBe(
      true,
    );
    expect(validateReply('bet/cashoutcheck', { status: '1', statusdesc: 'success', data: quote }).ok).toBe(
      true,
    );
    expect(
      validateReply('bet/cashoutcheck', {
        status: 1,
        statusdesc: 'success',
        data: { ...quote, quote_id: 5 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'badRequest' } });
    // A failure still needs its statusdesc.
    expect(validateReply('bet/cashoutcheck', { status: 0 }).ok).toBe(false);
  });

  it('accept the message list either as an array or as a page', () => {
    const message = { id: 1, title: 't', content: 'c', time: 0, read: false };
    for (const data of [[message], { total: 1, items: [message] }])
      expect(validateReply('personallist', { status: 1, statusdesc: 'success', data }).ok).toBe(true);
    expect(validateReply('personallist', { status: 1, statusdesc: 'success', data: [{ id: 'x' }] }).ok).toBe(
      false,
    );
  });
});

describe('a reply checked without generated code (the web app under its CSP)', () => {
  const accelerated = Settings.Get().useAcceleration;
  afterEach(() => Settings.Set({ useAcceleration: accelerated }));

  it('still fails a malformed reply with the compiled check’s first error', () => {
    Settings.Set({ useAcceleration: false });
    // Calls this worker has not checked yet: their checkers are made now, without evaluation.
    const calls = (Object.keys(replySchemas) as ReplyCallName[]).filter(
      (c) => replyCheckKind(c) === 'unused',
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls.slice(0, 12)) {
      const bad = { status: 1, statusdesc: 'success', data: 'not the data' };
      const result = validateReply(call, bad);
      expect(replyCheckKind(call)).toBe('interpreted');
      const first = Compile(replySchemas[call]).Errors(bad)[0];
      if (first === undefined) {
        // A schema with no rule on `data`: the compiled check passes it too.
        expect(result.ok).toBe(true);
        continue;
      }
      const field = fieldOf(first);
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'badRequest',
          field,
          message: field === '' ? first.message : `${field}: ${first.message}`,
        },
      });
    }
  });
});
