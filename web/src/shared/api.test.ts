// @vitest-environment node
/**
 * The api client's boundary: replies are typed by protocol and checked against the call's reply
 * schema; one that fails becomes the catalogue's systemError instead of reaching a page. The
 * server is replaced by a `fetch` that answers fixed bodies (the real gateway validates upstream
 * replies itself, so it never sends a malformed one; betSlip.real.test.ts covers the real path).
 */
import { isKnownErrorCode, uiActionFor } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { createApiClient, MalformedReplyCode, TransportCode } from './api.ts';

const auth = { account_id: 'demo01', session_token: 'token-1' };

/** A client whose every call is answered with `body` (as JSON), recording the calls. */
function answering(body: unknown) {
  const calls: string[] = [];
  const client = createApiClient({
    fetch: async (input) => {
      calls.push(String(input));
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, calls };
}

const leg = {
  odds_id: 'o1',
  match_id: 7,
  sport_id: 1,
  home: 'Home FC',
  away: 'Away FC',
  bet_type: 'HDP',
  line: -0.25,
  selection: 0,
  label: null,
  price: 1.95,
  body: null,
  live: false,
  kickoff: 1_700_000_000_000,
  result: null,
  score: null,
};
const bet = {
  bet_id: 'B1',
  ref_no: 'R1',
  bet_type: 'HDP',
  kind: 'single',
  status: 'running',
  reject_reason: null,
  stake: 10,
  risk: 10,
  to_win: 9.5,
  payout: 19.5,
  odds: 1.95,
  odds_type: 4,
  currency: 'MYR',
  transaction_time: 1_700_000_000_000,
  settled_time: null,
  settled_amount: 0,
  win_lose: 0,
  valid_turnover: 0,
  commission: 0,
  cashout_value: null,
  combination: null,
  legs: [leg],
};
const placeBody = {
  ...auth,
  request_id: 'req-00000001',
  odds_id: 'o1',
  selection: 0,
  price: 1.95,
  stake: 10,
};

describe('api client replies', () => {
  it('hands a reply that fits its schema to the caller, typed', async () => {
    const { client, calls } = answering({ status: 1, statusdesc: 'success', data: bet, extra: 'kept' });
    const result = await client.call('bet/betsingle', placeBody);
    expect(calls).toEqual(['/api/bet/betsingle']);
    expect(result.ok).toBe(true);
    // The type comes from protocol's reply schema: data is a PlacedBet.
    if (result.ok) expect(result.value.data.legs[0]?.bet_type).toBe('HDP');
  });

  it('turns a successful reply that fails its schema into systemError, a catalogue code', async () => {
    const { bet_id: _dropped, ...withoutId } = bet;
    for (const data of [
      withoutId,
      { ...bet, stake: '10' },
      { ...bet, legs: [{ ...leg, live: 'no' }] },
      null,
    ]) {
      const result = await answering({ status: 1, statusdesc: 'success', data }).client.call(
        'bet/betsingle',
        placeBody,
      );
      expect(result).toEqual({ ok: false, error: { code: MalformedReplyCode } });
    }
    // Status "1" is success too: its fields are checked the same way.
    const asString = await answering({ status: '1', statusdesc: 'success', data: {} }).client.call(
      'bet/cashoutcheck',
      { ...auth, bet_id: 'B1' },
    );
    expect(asString).toEqual({ ok: false, error: { code: MalformedReplyCode } });
    expect(MalformedReplyCode).toBe('systemError');
    expect(isKnownErrorCode(MalformedReplyCode)).toBe(true);
    // A bet slip or page asking for it shows the catalogue's message.
    expect(uiActionFor(MalformedReplyCode, { loggedIn: true, callerWantsDialog: true }).show).not.toBe(
      'none',
    );
  });

  it('checks info and account replies too', async () => {
    const statement = await answering({
      status: 1,
      statusdesc: 'success',
      data: [{ date: '2026-11-23', opening_balance: 'x', credit: 0, debit: 0, closing_balance: 0 }],
    }).client.call('dailystatement', { ...auth, start_date: '2026-11-23', end_date: '2026-11-23' });
    expect(statement).toEqual({ ok: false, error: { code: MalformedReplyCode } });
    const unread = await answering({ status: 1, statusdesc: 'success', data: { unread: 3 } }).client.call(
      'personalunread',
      { ...auth },
    );
    expect(unread).toEqual({ ok: true, value: { status: 1, statusdesc: 'success', data: { unread: 3 } } });
    const balance = await answering({ status: 1, statusdesc: 'success', balance: 'lots' }).client.call(
      'userbalance',
      { ...auth, parent_id: 'ag01' },
    );
    expect(balance).toEqual({ ok: false, error: { code: MalformedReplyCode } });
  });

  it('passes a failure on with its code, whatever else the failure carries', async () => {
    const quoteMoved = await answering({
      status: 0,
      statusdesc: 'cashoutPriceChanged',
      data: { quote_id: 'Q2', cashout_value: 8 },
    }).client.call('bet/cashout', {
      ...auth,
      request_id: 'req-00000002',
      bet_id: 'B1',
      quote_id: 'Q1',
    });
    expect(quoteMoved).toMatchObject({ ok: false, error: { code: 'cashoutPriceChanged' } });
    // The failed reply rides along for the codes that carry data (changeStakeMax's offered max_bet).
    expect(quoteMoved.ok ? undefined : quoteMoved.error.reply).toMatchObject({ data: { quote_id: 'Q2' } });
    const unreadable = await answering('not json').client.call('bet/betsingle', placeBody);
    expect(unreadable).toEqual({ ok: false, error: { code: TransportCode.failed } });
  });

  it('types request bodies by call', () => {
    const { client } = answering({ status: 1, statusdesc: 'success' });
    // Compile-time checks (the web typecheck runs over tests): wrong bodies do not compile.
    const wrong = () => {
      // @ts-expect-error betsingle needs request_id, odds_id, selection, price and stake
      void client.call('bet/betsingle', { ...auth });
      // @ts-expect-error not a call
      void client.call('bet/nosuchcall', { ...auth });
    };
    expect(typeof wrong).toBe('function');
  });
});
