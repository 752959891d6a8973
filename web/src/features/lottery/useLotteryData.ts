/**
 * The /w4d page's data, one hook per source: the shared draws (the gateway's `list/lottery` topic,
 * one upstream poll for every player), the member's open tickets (the account stream,
 * `account/<id>`, pushed at once after a ticket is placed in any tab and when a draw settles them),
 * the member's settled results (asked with the member's session when the page opens, after a
 * placement and when a draw is drawn, never on a timer) and the per-unit Big/Small limits.
 */
import {
  accountTickets,
  isLotteryDisabled,
  type LotteryListModel,
  lotteryDrawsOf,
} from '@sportsbook/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { toMinor } from '../../shared/money.ts';
import type { Auth } from '../../shared/result.ts';
import { useTopicView } from '../../shared/stream/react.tsx';
import { useAccountView } from '../account/accountStream.tsx';
import { type DrawList, fetchResults, fetchUnitLimits, type LotteryTicket } from './lotteryApi.ts';

/** The shared draws and results: one gateway topic for every player (protocol listFeed.ts). */
export const LotteryTopic = 'list/lottery';
const DayMs = 86_400_000;

/** The draws, with `offset`: the upstream clock's lead on ours (now - pt). */
export type LotteryDraws = DrawList & { offset: number };

/** No open tickets (one object, so the list keeps its identity until the stream's first model). */
const NoTickets: LotteryTicket[] = [];

/** Drawn or cancelled: a draw with a result on the board. */
export const hasResult = (d: { status: string }) => d.status === 'drawn' || d.status === 'cancelled';

export function useLotteryDraws(disabled: boolean): LotteryDraws | null {
  const shared = useTopicView<LotteryListModel, DrawList>(disabled ? null : LotteryTopic, lotteryDrawsOf);
  return useMemo(
    () => (shared.model ? { ...shared.model, offset: shared.model.now - (shared.pt ?? Date.now()) } : null),
    [shared.model, shared.pt],
  );
}

/** The member's per-unit Big/Small limits in minor units (betcheck without rows), shown before
 * typing and checked per row as typed. */
export function useUnitLimits(auth: Auth | null, disabled: boolean, currency: string) {
  const [unitLimits, setUnitLimits] = useState<{ min: number; max: number } | null>(null);
  useEffect(() => {
    if (!auth || disabled) return;
    let live = true;
    void fetchUnitLimits(api, auth).then((r) => {
      if (live && r.ok)
        setUnitLimits({ min: toMinor(r.value.min_unit, currency), max: toMinor(r.value.max_unit, currency) });
    });
    return () => {
      live = false;
    };
  }, [auth, disabled, currency]);
  return unitLimits;
}

/** This member's settled results (gameresultlottery), asked when the page opens and when the
 * latest draw with a result changes; `refreshMine` asks again (after a placement). */
function useMyResults(draws: LotteryDraws | null, disabled: boolean, onRefused: () => void) {
  const { auth, report } = useMember();
  const session = SessionContext.useActorRef();
  const [results, setResults] = useState<LotteryTicket[]>([]);
  const settledSeen = useRef<string | null>(null);
  const upstreamNow = useRef<number | null>(null);
  upstreamNow.current = draws?.now ?? null;

  const refreshMine = useCallback(async () => {
    const now = upstreamNow.current;
    if (!auth || now === null) return;
    const settled = await fetchResults(api, auth, now - DayMs, now);
    if (!settled.ok) {
      if (settled.error.code === 'lotteryDisabled') onRefused();
      report(settled.error.code);
    } else {
      setResults(settled.value);
      const latest = settled.value.map((x) => `${x.ticket_id}:${x.status}`).join(',');
      // A ticket settled since the last look: the balance changed.
      if (settledSeen.current !== null && latest !== settledSeen.current)
        session.send({ type: 'balance.refresh' });
      settledSeen.current = latest;
    }
  }, [auth, report, session, onRefused]);

  // The latest draw drawn (or cancelled): a new one may have settled this member's tickets.
  const lastResult = draws?.recent.find(hasResult)?.draw_id;
  const haveDraws = draws !== null;
  useEffect(() => {
    if (disabled || !haveDraws) return;
    void lastResult;
    void refreshMine();
  }, [refreshMine, disabled, haveDraws, lastResult]);
  return { results, refreshMine };
}

/** Everything the page shows from the server. `disabled`: the profile says so (player_info
 * lottery_disabled), or a lottery call answered lotteryDisabled (silent: the page shows nothing). */
export function useLotteryData() {
  const { auth, currency } = useMember();
  const account = useAccount();
  const [refused, setRefused] = useState(false);
  const disabled = refused || (account !== null && isLotteryDisabled(account.info));
  const draws = useLotteryDraws(disabled);
  const open = useAccountView((m) => accountTickets(m.lottery)).model ?? NoTickets;
  const refuse = useCallback(() => setRefused(true), []);
  const { results, refreshMine } = useMyResults(draws, disabled, refuse);
  const unitLimits = useUnitLimits(auth, disabled, currency);
  return { disabled, draws, open, results, refreshMine, unitLimits };
}
