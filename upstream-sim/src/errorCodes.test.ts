/**
 * Issue 28, "Every error code of SPEC section 8 is reachable": the fault switch's "answer call X
 * with code Y once", and the codes a real upstream produces in a situation the simulator has.
 */
import { ErrorCatalogue, httpStatusFor } from '@sportsbook/protocol';
import { AdminToken, startTestSimAs } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { 'x-admin-token': AdminToken };

describe('the fault switch answers a call with a code', () => {
  let ctx: Awaited<ReturnType<typeof startTestSimAs>>;
  beforeAll(async () => {
    ctx = await startTestSimAs('demo01');
  });
  afterAll(async () => {
    await ctx.t.close();
  });
  const balanceBody = () => ({ ...ctx.s, parent_id: 'ag01' });

  it('answers the next call with the code once, with the catalogue status, then serves it again', async () => {
    const { t } = ctx;
    const set = await t.call('/admin/faults', { call: 'userbalance', code: 'walletMissing' }, admin);
    expect(set.json.answers).toEqual({ userbalance: [{ code: 'walletMissing', times: 1, viaProxy: false }] });
    expect(await t.call('/userbalance', balanceBody())).toEqual({
      http: httpStatusFor('walletMissing'),
      json: { status: 0, statusdesc: 'walletMissing' },
    });
    expect((await t.call('/userbalance', balanceBody())).json.status).toBe(1);
  });

  it('queues answers in order, `times` repeats one, and {} clears them', async () => {
    const { t } = ctx;
    await t.call('/admin/faults', { call: 'userbalance', code: 'session_expired', times: 2 }, admin);
    await t.call('/admin/faults', { call: 'userbalance', code: 'requestPending' }, admin);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.call('/userbalance', balanceBody())).json.statusdesc);
    expect(codes).toEqual(['session_expired', 'session_expired', 'requestPending', 'success']);
    await t.call('/admin/faults', { call: '*', code: 'internalServerError' }, admin);
    expect((await t.call('/admin/faults', {}, admin)).json.answers).toEqual({});
    expect((await t.call('/version', {})).json.status).toBe(1);
  });

  it('with viaProxy, only a call forwarded for a client (x-forwarded-for) takes the answer', async () => {
    const { t } = ctx;
    await t.call('/admin/faults', { call: 'userbalance', code: 'cashoutFailed', viaProxy: true }, admin);
    expect((await t.call('/userbalance', balanceBody())).json.status).toBe(1);
    const forwarded = await t.call('/userbalance', balanceBody(), { 'x-forwarded-for': '127.0.0.1' });
    expect(forwarded.json.statusdesc).toBe('cashoutFailed');
  });

  it('answers any call with every catalogue code, a text with spaces as is', async () => {
    const { t } = ctx;
    for (const entry of ErrorCatalogue) {
      await t.call('/admin/faults', { call: 'version', code: entry.code }, admin);
      const answered = await t.call('/version', {});
      expect(answered, entry.code).toEqual({
        http: entry.httpStatus,
        json: { status: 0, statusdesc: entry.code },
      });
    }
    await t.call('/admin/faults', { call: 'betcheck', code: 'Market closed by the trader' }, admin);
    expect((await t.call('/bet/betcheck', {})).json.statusdesc).toBe('Market closed by the trader');
  });

  it('refuses a bad answer body and needs the admin token', async () => {
    const { t } = ctx;
    expect((await t.call('/admin/faults', { call: 'version', code: '' }, admin)).http).toBe(400);
    expect((await t.call('/admin/faults', { call: 'version', code: 'x', times: 0 }, admin)).http).toBe(400);
    expect((await t.call('/admin/faults', { call: 'version', code: 'walletMissing' })).http).toBe(404);
    expect((await t.call('/version', {})).json.status).toBe(1);
  });
});
