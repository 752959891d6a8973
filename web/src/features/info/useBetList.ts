/**
 * The bet list's open lists from the account stream (`account/<id>`, no timer): the tab's bets
 * (null until the stream's first model), the current cash-out offers and the stream's error.
 */
import { type AccountModel, accountBets } from '@sportsbook/protocol';
import { useMemo } from 'react';
import { useAccountView } from '../account/accountStream.tsx';
import type { BetListTab } from './infoApi.ts';

export function useBetList(tab: BetListTab) {
  // The whole model, the tab's list picked from it here.
  const stream = useAccountView<AccountModel>((m) => m);
  const bets = useMemo(
    () => (stream.model === null ? null : accountBets(stream.model, tab)),
    [stream.model, tab],
  );
  const offers = stream.model?.cashout ?? {};
  return { bets, offers, error: stream.error };
}
