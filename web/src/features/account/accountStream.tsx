/**
 * The player's private account stream (protocol accountFeed.ts, WIRE.md "Account topic"):
 * `account/<account_id>` on the tab's one stream. The gateway polls the account once for all its
 * tabs and windows (wallet, open bets, unread messages, open 4D and number-game tickets, cash-out
 * offers) and pushes each change, also right after a bet placed in any of its tabs. Pages read it
 * with `useAccountView(select)` (shared/stream `useTopicView`); the layout's `AccountStreamSync`
 * feeds the session's balance and the messages badge from it. No data timers.
 */
import { type AccountModel, type AccountWallet, type Model, topicName } from '@sportsbook/protocol';
import { useEffect } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { type TopicViewState, useTopicView } from '../../shared/stream/react.tsx';

/** The account topic of an account id (lower case: ids compare case-insensitively). */
export function accountTopic(accountId: string): string {
  return topicName({ kind: 'account', accountId });
}

/** The logged-in account's topic, null when logged out. */
export function useAccountTopic(): string | null {
  const accountId = useAccount()?.info.account_id;
  return accountId ? accountTopic(accountId) : null;
}

/** A page's view of the account stream: `select` picks what it draws (runs once per new model). */
export function useAccountView<T>(select: (model: AccountModel) => T | null): TopicViewState<T> {
  return useTopicView<Model, T>(useAccountTopic(), (m) => select(m as unknown as AccountModel));
}

const walletOf = (m: AccountModel): AccountWallet | null => m.wallet.main ?? null;
const unreadOf = (m: AccountModel): number | null => m.messages.unread?.count ?? null;

/**
 * Inside the layout's stream provider: the wallet goes to the session machine (`balance.stream`,
 * the header's balance; `retrieve_profile` reloads the profile) and the unread count to the
 * messages actor (`messages.stream`, the header's badge), each time the stream moves them.
 */
export function AccountStreamSync({
  messages,
}: {
  messages: { send(event: { type: 'messages.stream'; unread: number }): void } | null;
}) {
  const session = SessionContext.useActorRef();
  const wallet = useAccountView(walletOf).model;
  const unread = useAccountView(unreadOf).model;
  useEffect(() => {
    if (wallet === null) return;
    session.send({
      type: 'balance.stream',
      balance: { available: wallet.balance, cash: wallet.cash, outstanding: wallet.outstanding },
      retrieveProfile: wallet.retrieve_profile,
    });
  }, [session, wallet]);
  useEffect(() => {
    if (unread !== null) messages?.send({ type: 'messages.stream', unread });
  }, [messages, unread]);
  return null;
}
