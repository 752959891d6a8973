/**
 * The live centre's calls through the gateway (`POST /api/<call>`; bodies and replies of
 * protocol's schemas/live.ts and schemas/info.ts, replies checked by api.ts), and the small pure
 * helpers the pages share. The lists that change while a page is open (live TV's matches, the
 * highlight leagues) are the gateway's shared topics `list/livetv` and `list/highlights`
 * (`useTopicOutcome`); what is asked once (a stream, a league's clips, standings) stays a call.
 */
import {
  type BracketRound,
  formatGmt8,
  type HighlightClip,
  type LiveTvMatch,
  type LiveTvStream,
  type Model,
  type OperatorLogo,
  type StandingLeague,
  type StandingRow,
} from '@sportsbook/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { type ApiClient, type ApiResult, api } from '../../shared/api.ts';
import { type Auth, failure, mapOutcome, type Outcome } from '../../shared/result.ts';
import { useTopicView } from '../../shared/stream/react.tsx';

/** The calls of the live pages, each answering the reply's `data` or the catalogue code. */
export function liveCalls(client: ApiClient, auth: Auth) {
  const data = async <T>(p: Promise<ApiResult<{ data: T }>>): Promise<Outcome<T>> =>
    mapOutcome(await p, (reply) => reply.data);
  return {
    stream: (matchId: number) => data<LiveTvStream>(client.call('livetv2', { ...auth, match_id: matchId })),
    highlights: (leagueId: number) =>
      data<HighlightClip[]>(client.call('highlightlist', { ...auth, league_id: leagueId })),
    standingLeagues: () => data<StandingLeague[]>(client.call('standinglist', { ...auth })),
    standings: (leagueId: number) =>
      data<StandingRow[]>(client.call('standingresult', { ...auth, league_id: leagueId })),
    bracket: (leagueId: number) =>
      data<BracketRound[]>(client.call('bracketlist', { ...auth, league_id: leagueId })),
    logo: (theme: string) => data<OperatorLogo>(client.call('getlogo', { ...auth, theme })),
  };
}
export type LiveCalls = ReturnType<typeof liveCalls>;

/** The logged-in player's live calls (null before login), and a reporter for catalogue codes. */
export function useLiveCalls(): { calls: LiveCalls | null; report: (code: string) => void } {
  const account = useAccount();
  const session = SessionContext.useActorRef();
  const accountId = account?.info.account_id;
  const token = account?.info.session_token;
  const calls = useMemo(
    () => (accountId && token ? liveCalls(api, { account_id: accountId, session_token: token }) : null),
    [accountId, token],
  );
  const report = useMemo(() => (code: string) => session.send({ type: 'error.report', code }), [session]);
  return { calls, report };
}

/**
 * A value loaded once by `load` (again whenever `load` changes): undefined while the answer is
 * awaited, then the value or the failure's code. For data asked once; a list that changes while the
 * page is open is a topic (`useTopicOutcome`).
 */
export function useLoaded<T>(load: (() => Promise<Outcome<T>>) | null): Outcome<T> | undefined {
  const [state, setState] = useState<Outcome<T> | undefined>(undefined);
  useEffect(() => {
    setState(undefined);
    if (!load) return;
    let live = true;
    const run = () =>
      void load().then((r) => {
        if (live) setState((prev) => (r.ok || prev === undefined || !prev.ok ? r : prev));
      });
    run();
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

/**
 * A shared list topic as the pages' Outcome (shared/stream `useTopicView`): undefined until the
 * first snapshot, the selected value, or the gateway's refusal code.
 */
export function useTopicOutcome<M extends Model, T>(
  topic: string,
  select: (model: M) => T | null,
): Outcome<T> | undefined {
  const view = useTopicView<M, T>(topic, select);
  return useMemo(() => {
    if (view.model !== null) return { ok: true, value: view.model };
    return view.error !== null ? failure(view.error) : undefined;
  }, [view.model, view.error]);
}

/** GMT+8 display of a UTC ms time. */
export const gmt8 = (utcMs: number) => formatGmt8(utcMs, 'MM/dd HH:mm');

/** The clock line of a live match: the i18n key of its period and the minute played. */
export function clockKey(m: Pick<LiveTvMatch, 'period' | 'clock'>): { key: string; min: number } {
  const min = Math.floor(m.clock / 60);
  const key = m.period >= 1 && m.period <= 5 ? `clock.${m.period}` : 'clock.other';
  return { key, min };
}

/** Standings page's URL of a league. */
export const standingsPath = (leagueId?: number) =>
  leagueId === undefined ? '/standings' : `/standings?league=${leagueId}`;

/**
 * Brings what a tap opens into view once it has loaded (`ready` defined), when it sits under the
 * tapped item: on a phone the pages are one column, so the player (or the clip list) is below the
 * list, often off screen; on a wide screen it is beside the list and nothing scrolls.
 */
export function useReveal<T extends HTMLElement>(ready: unknown) {
  const ref = useRef<T>(null);
  const tapped = useRef<Element | null>(null);
  // A tap on what already plays (the first live match starts on arrival) loads nothing new: the
  // tap itself must bring the stage into view too.
  const [taps, setTaps] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `taps` is the reason to look again
  useEffect(() => {
    const from = tapped.current;
    const target = ref.current;
    if (ready === undefined || !from || !target) return;
    tapped.current = null;
    if (target.getBoundingClientRect().top >= from.getBoundingClientRect().bottom) {
      target.scrollIntoView({ block: 'start' });
    }
  }, [ready, taps]);
  const reveal = (from: Element) => {
    tapped.current = from;
    setTaps((n) => n + 1);
  };
  return { ref, reveal };
}
