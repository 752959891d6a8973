/**
 * The number game's data: the draws and the payout table from the gateway's shared topic
 * `list/numbergame` (one upstream poll for every player), the member's own stake limits (their
 * `ngdrawlist`, asked once: the shared topic has none), and their open tickets from the account
 * stream (`account/<id>`, pushed at once after a ticket is placed in any tab and when a draw
 * settles them). `fail` reports a code; `MiniGameDisabled` hides the page instead (silent).
 */
import {
  accountTickets,
  isMiniGameDisabled,
  type NumberGameListModel,
  numberGameDrawsOf,
} from '@sportsbook/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { useTopicView } from '../../shared/stream/react.tsx';
import { useAccountView } from '../account/accountStream.tsx';
import { fetchNgDraws, type NgDrawList, type NgTicket } from './numberGameApi.ts';

/** The shared draws and payout table: one gateway topic for every player (protocol listFeed.ts). */
export const NumberGameTopic = 'list/numbergame';

/** No open tickets (one object until the stream's first model). */
const NoTickets: NgTicket[] = [];

type StakeLimits = Pick<NgDrawList, 'min_stake' | 'max_stake'>;

/** The member's own stake limits, asked once per session. */
function useStakeLimits(auth: Auth | null, disabled: boolean, fail: (code: string) => void) {
  const [limits, setLimits] = useState<StakeLimits | null>(null);
  const authKey = auth ? `${auth.account_id}\u0000${auth.session_token}` : null;
  const authRef = useRef(auth);
  authRef.current = auth;
  useEffect(() => {
    const a = authRef.current;
    if (authKey === null || !a || disabled) return;
    let live = true;
    void fetchNgDraws(api, a).then((r) => {
      if (!live) return;
      if (!r.ok) return fail(r.error.code);
      setLimits({ min_stake: r.value.min_stake, max_stake: r.value.max_stake });
    });
    return () => {
      live = false;
    };
  }, [authKey, disabled, fail]);
  return limits;
}

export function useNumberGameData() {
  const { auth, report } = useMember();
  const account = useAccount();
  const [refused, setRefused] = useState(false);
  const disabled = refused || (account !== null && isMiniGameDisabled(account.info));
  const shared = useTopicView<NumberGameListModel, ReturnType<typeof numberGameDrawsOf>>(
    disabled ? null : NumberGameTopic,
    numberGameDrawsOf,
  );
  const fail = useCallback(
    (code: string) => {
      if (code === 'MiniGameDisabled') setRefused(true);
      else report(code);
    },
    [report],
  );
  const limits = useStakeLimits(auth, disabled, fail);
  // `offset`: the upstream clock's lead on ours (now - pt).
  const draws = useMemo(() => {
    const list = shared.model;
    if (!list || !limits) return null;
    return { ...list, ...limits, offset: list.now - (shared.pt ?? Date.now()) };
  }, [shared.model, shared.pt, limits]);
  const open = useAccountView((m) => accountTickets(m.numbergame)).model ?? NoTickets;
  return { disabled, draws, open, fail };
}

export type NumberGameDraws = NonNullable<ReturnType<typeof useNumberGameData>['draws']>;
