import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountReplies,
  accountBets,
  accountTickets,
  cashOutCandidate,
  emptyAccountModel,
  hasWaitingBet,
  normalizeAccount,
  openBetMatchIds,
} from './accountFeed.ts';
import { applyDelta, diffModel, type Model } from './diff.ts';
import { stateHash } from './hash.ts';
import type { PlacedBet } from './schemas/index.ts';
import { parseTopic, topicCallPath, topicCalls, topicName } from './wire.ts';

function leg(matchId: number, result: string | null = null) {
  return {
    odds_id: `o${matchId}`,
    match_id: matchId,
    sport_id: 1,
    home: 'Home',
    away: 'Away',
    bet_type: 'HDP',
    line: -0.5,
    selection: 0,
    label: null,
    price: 1.9,
    body: null,
    live: false,
    kickoff: 1_700_000_000_000,
    result,
    score: null,
  };
}

function bet(id: string, status: string, time: number, legs = [leg(7)], kind = 'single'): PlacedBet {
  return {
    bet_id: id,
    ref_no: `R${id}`,
    bet_type: 'HDP',
    kind,
    status,
    reject_reason: null,
    stake: 10,
    risk: 10,
    to_win: 9,
    payout: 0,
    odds: 1.9,
    odds_type: 4,
    currency: 'MYR',
    transaction_time: time,
    settled_time: null,
    settled_amount: 0,
    win_lose: 0,
    valid_turnover: 0,
    commission: 0,
    cashout_value: null,
    combination: null,
    legs,
  };
}

const okPage = (items: unknown[]) => ({ status: 1, statusdesc: '', data: { total: items.length, items } });

function replies(over: Partial<AccountReplies> = {}): AccountReplies {
  return {
    balance: { status: 1, statusdesc: '', balance: 990, account_balance: 1000, outstanding_balance: 10 },
    running: okPage([bet('B1', 'running', 2)]),
    waiting: okPage([bet('B2', 'waiting', 3)]),
    rejected: okPage([]),
    unread: { status: 1, statusdesc: '', data: { unread: 2 } },
    ...over,
  };
}

describe('account topic name', () => {
  it('parses, names and round-trips account/<id> in lower case only', () => {
    expect(parseTopic('account/demo01')).toEqual({
      ok: true,
      value: { kind: 'account', accountId: 'demo01' },
    });
    expect(topicName({ kind: 'account', accountId: 'Demo01' })).toBe('account/demo01');
    for (const bad of ['account/', 'account/Demo01', 'account/a/b', 'account/a b', 'account']) {
      expect(parseTopic(bad).ok).toBe(false);
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9_.@-]{0,20}$/), (id) => {
        const topic = parseTopic(`account/${id}`);
        expect(topic.ok && topicName(topic.value)).toBe(`account/${id}`);
      }),
    );
  });

  it('polls the wallet, the three bet lists, unread messages and the open tickets on their own paths', () => {
    const calls = topicCalls({ kind: 'account', accountId: 'demo01' });
    expect(calls.map((c) => topicCallPath(c))).toEqual([
      '/userbalance',
      '/bet/betacceptlist',
      '/bet/pendingbetlist',
      '/bet/betrejectlist',
      '/personalunread',
      '/lottery/betlist',
      '/ngbetlist',
    ]);
  });
});

describe('normalizeAccount', () => {
  it('keys wallet, bets (with their list and legs), totals, messages, tickets and cash-out offers', () => {
    const parlay = { ...bet('B3', 'running', 1, [leg(8), leg(9, 'won')], 'parlay') };
    const totals = {
      total_bet: 1,
      total_stake: 10,
      total_payout: 40,
      total_accept: 1,
      total_reject: 0,
      combination: 1,
    };
    const ticket = {
      ticket_id: 'T1',
      draw_id: '202611270001',
      draw_time: 5,
      status: 'open',
      currency: 'MYR',
      cost: 2,
      payout: 0,
      placed_time: 4,
      settled_time: null,
      rows: [],
    };
    const ng = {
      ticket_id: 'N1',
      draw_id: '202611270002',
      draw_time: 5,
      status: 'open',
      currency: 'MYR',
      picks: [1, 2, 3],
      stake: 1,
      hits: null,
      payout: 0,
      placed_time: 4,
      settled_time: null,
    };
    const r = normalizeAccount(
      replies({
        running: okPage([bet('B1', 'running', 2), { ...parlay, totals }]),
        rejected: okPage([bet('B4', 'rejected', 5)]),
        lottery: okPage([ticket]),
        numbergame: okPage([ng]),
        cashout: {
          B1: { status: 1, statusdesc: '', data: { bet_id: 'B1', quote_id: 'Q1', cashout_value: 8.5 } },
          B3: { status: 0, statusdesc: 'cashoutUnavailable' },
        },
      }),
    );
    if (!r.ok) throw new Error(r.error);
    const m = r.value;
    expect(m.wallet.main).toEqual({ balance: 990, cash: 1000, outstanding: 10, retrieve_profile: false });
    expect(Object.keys(m.bet).sort()).toEqual(['B1', 'B2', 'B3', 'B4']);
    expect(m.bet.B2?.list).toBe('waiting');
    expect(m.bet.B4?.list).toBe('rejected');
    expect(m.bet.B3?.legs).toHaveLength(2);
    expect('totals' in (m.bet.B3 ?? {})).toBe(false);
    expect(m.totals.B3).toEqual(totals);
    expect(m.cashout).toEqual({ B1: { bet_id: 'B1', value: 8.5 } });
    expect(m.messages.unread).toEqual({ count: 2 });
    expect(Object.keys(m.lottery)).toEqual(['T1']);
    expect(Object.keys(m.numbergame)).toEqual(['N1']);
    expect(accountBets(m, 'running').map((b) => b.bet_id)).toEqual(['B1', 'B3']);
    expect(accountBets(m, 'running')[1]?.totals).toEqual(totals);
    expect(accountBets(m).map((b) => b.bet_id)).toEqual(['B4', 'B2', 'B1', 'B3']);
    expect(accountTickets(m.lottery).map((t) => t.ticket_id)).toEqual(['T1']);
    expect([...openBetMatchIds(m)].sort()).toEqual([7, 8]);
    expect(hasWaitingBet(m)).toBe(true);
    expect(cashOutCandidate(bet('x', 'running', 0))).toBe(true);
    expect(cashOutCandidate(bet('x', 'waiting', 0))).toBe(false);
  });

  it('reads a product switched off as no tickets, and any other failed reply as a failed poll', () => {
    const off = normalizeAccount(
      replies({
        lottery: { status: 0, statusdesc: 'lotteryDisabled' },
        numbergame: { status: 0, statusdesc: 'MiniGameDisabled' },
      }),
    );
    expect(off.ok && Object.keys(off.value.lottery).length).toBe(0);
    expect(normalizeAccount(replies({ balance: { status: 0, statusdesc: 'session_expired' } })).ok).toBe(
      false,
    );
    expect(normalizeAccount(replies({ waiting: { status: 0, statusdesc: 'systemError' } })).ok).toBe(false);
    expect(normalizeAccount(replies({ unread: 'nope' })).ok).toBe(false);
    expect(normalizeAccount(replies({ running: okPage([{ bet_id: 1 }]) })).ok).toBe(false);
  });

  it('diffs to deltas that rebuild the next poll, and an unchanged poll is no delta', () => {
    const first = normalizeAccount(replies());
    const second = normalizeAccount(
      replies({
        balance: { status: 1, statusdesc: '', balance: 980, account_balance: 1000, outstanding_balance: 20 },
        running: okPage([bet('B1', 'running', 2), bet('B2', 'running', 3)]),
        waiting: okPage([]),
      }),
    );
    if (!first.ok || !second.ok) throw new Error('bad fixture');
    const a = first.value as unknown as Model;
    const b = second.value as unknown as Model;
    const again = normalizeAccount(replies());
    expect(again.ok && diffModel(a, again.value as unknown as Model)).toEqual([]);
    const ops = diffModel(a, b);
    expect(stateHash(applyDelta(a, ops))).toBe(stateHash(b));
    expect(stateHash(emptyAccountModel() as unknown as Model)).not.toBe(stateHash(a));
  });
});
