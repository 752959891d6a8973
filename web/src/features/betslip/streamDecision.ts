/**
 * A waiting (live) bet's decision read off the account stream (`account/<id>`) instead of
 * polling the bet lists from this tab: the gateway already polls the account every second while
 * one of its bets waits, for every tab at once. The bet is decided when the stream lists it as
 * running (accepted) or rejected; one that leaves the stream after it was seen waiting was settled
 * at once (`betNotExists`, as `awaitDecision` answers). If the stream does not show the bet within
 * `fallbackMs` (no stream, a gateway without the topic), `fallback` (betApi `awaitDecision`) decides.
 */
import { type AccountModel, accountBets } from '@sportsbook/protocol';
import type { Observable } from 'rxjs';
import { failure, type Outcome } from '../../shared/result.ts';
import type { TopicView } from '../../shared/stream/topicState.ts';
import type { BetView } from './types.ts';

export function decisionFromStream(
  views: Observable<TopicView>,
  betId: string,
  fallback: () => Promise<Outcome<BetView>>,
  signal?: AbortSignal,
  fallbackMs = 5000,
): Promise<Outcome<BetView>> {
  return new Promise((resolve, reject) => {
    let seen = false;
    let done = false;
    const finish = (outcome: Promise<Outcome<BetView>> | Outcome<BetView>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      subscription.unsubscribe();
      Promise.resolve(outcome).then(resolve, reject);
    };
    const timer = setTimeout(() => {
      if (!seen) finish(fallback());
    }, fallbackMs);
    const subscription = views.subscribe((view) => {
      const model = view.model as unknown as AccountModel | null;
      if (model === null || view.error) return;
      const bet = model.bet?.[betId];
      if (bet === undefined) {
        if (seen) finish(failure('betNotExists'));
        return;
      }
      seen = true;
      if (bet.list === 'waiting') return;
      const view_ = accountBets({ bet: { [betId]: bet }, totals: model.totals ?? {} })[0];
      if (view_ !== undefined) finish({ ok: true, value: view_ });
    });
    signal?.addEventListener(
      'abort',
      () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        subscription.unsubscribe();
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
