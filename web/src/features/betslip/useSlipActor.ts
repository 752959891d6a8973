/**
 * A page's bet slip actor (the /desktop board's wiring, for other pages with prices: /esports2):
 * the member's slip account from the session and layout, the machine with the real calls and live
 * prices from the page's odds stream, slip codes reported to the session (catalogue handling,
 * logout) and a placed bet refreshing the balance. The slip is kept in the tab's sessionStorage
 * (persist.ts, one key per account and page): a reload starts it where the player left it.
 */
import { isMyanmarCurrency, isViewOnly, type OddsFormat, oddsTypeName } from '@sportsbook/protocol';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EMPTY } from 'rxjs';
import { SessionContext, useAccount, useLayout } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import { useOddsStream } from '../../shared/stream/react.tsx';
import { accountTopic } from '../account/accountStream.tsx';
import type { Betting } from '../account/layout.ts';
import { betSlipActors, betSlipMachine } from './betSlipMachine.ts';
import { loadSlip, savedSlipOf, serializeSavedSlip, slipStorageKey, storeSlip } from './persist.ts';
import { decisionFromStream } from './streamDecision.ts';
import type { SlipAccount } from './types.ts';
import { watchSelections } from './watch.ts';

/** The odds format the member reads prices in (layout `pageDisplay.oddsType`; Myanmar players read MY on normal rows). */
export function useOddsFormat(): OddsFormat {
  const typeName = oddsTypeName(useLayout().pageDisplay.oddsType);
  return typeName === undefined || typeName === 'MYANMAR' ? 'MY' : typeName;
}

/** The betting settings that differ between two layouts' `betting`, or null when none does. */
export function bettingChanges(before: Betting, after: Betting): Partial<Betting> | null {
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof Betting)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, after[key]]),
  ) as Partial<Betting>;
  return Object.keys(changed).length > 0 ? changed : null;
}

export function useSlipActor() {
  const account = useAccount();
  const layout = useLayout();
  const session = SessionContext.useActorRef();
  const stream = useOddsStream();
  const streamRef = useRef<OddsStream | null>(stream);
  streamRef.current = stream;
  const currency = account?.wallet.currency_code ?? 'MYR';
  const myanmar = isMyanmarCurrency(currency);
  const format = useOddsFormat();
  const slipAccount: SlipAccount = useMemo(
    () => ({
      auth: { account_id: account?.info.account_id ?? '', session_token: account?.info.session_token ?? '' },
      currency,
      oddsFormat: format,
      myanmar,
      viewOnly: account ? isViewOnly(account.info) : false,
      betLimits: (account?.betLimits ?? []).map((l) => ({ ...l, sport_type: l.sport_type })),
    }),
    [account, currency, format, myanmar],
  );
  const machine = useMemo(
    () =>
      betSlipMachine.provide({
        actors: betSlipActors({
          api,
          watch: (selections) => (streamRef.current ? watchSelections(streamRef.current, selections) : EMPTY),
          // A live bet's decision from the account stream (one gateway poll for every tab), not this tab's polls.
          decision: (input, poll, signal) =>
            streamRef.current
              ? decisionFromStream(
                  streamRef.current.topic(accountTopic(input.auth.account_id)),
                  input.betId,
                  poll,
                  signal,
                )
              : poll(),
        }),
      }),
    [],
  );
  // Read once, as the machine's input is: the slip as this account left it on this page.
  const storageKey = slipStorageKey(slipAccount.auth.account_id, globalThis.location?.pathname ?? '');
  const [restore] = useState(() => loadSlip(storageKey));
  const slip = useActorRef(machine, { input: { account: slipAccount, betting: layout.betting, restore } });
  useEffect(() => {
    let last: string | null = null;
    const keep = (snapshot: Parameters<typeof savedSlipOf>[0]) => {
      const saved = savedSlipOf(snapshot);
      const text = saved === null ? '' : serializeSavedSlip(saved);
      if (text === last) return;
      last = text;
      storeSlip(storageKey, saved);
    };
    keep(slip.getSnapshot());
    const sub = slip.subscribe(keep);
    return () => sub.unsubscribe();
  }, [slip, storageKey]);
  // The input is read once: a later account (suspended, new session token, odds type) is sent in.
  // Not the input's own: sent on mount, it only made a new snapshot of the same slip, and every
  // part of the slip rendered again in the page's first commits.
  const inputAccount = useRef(slipAccount);
  useEffect(() => {
    if (slipAccount !== inputAccount.current) slip.send({ type: 'account.change', account: slipAccount });
  }, [slip, slipAccount]);
  // Betting settings changed since (here or in another window): the fields that changed.
  const betting = useRef(layout.betting);
  useEffect(() => {
    const changed = bettingChanges(betting.current, layout.betting);
    betting.current = layout.betting;
    if (changed) slip.send({ type: 'prefs.change', betting: changed });
  }, [slip, layout.betting]);
  useEffect(() => {
    const a = slip.on('slip.notify', (e) =>
      session.send({ type: 'error.report', code: e.code, callerWantsDialog: true }),
    );
    const b = slip.on('balance.refresh', () => session.send({ type: 'balance.refresh' }));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [slip, session]);
  return { slip, format, viewOnly: slipAccount.viewOnly === true };
}
