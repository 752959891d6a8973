import { emptyAccountModel, type Model } from '@sportsbook/protocol';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopicView } from '../../shared/stream/topicState.ts';
import { decisionFromStream } from './streamDecision.ts';

function view(bets: Record<string, string>): TopicView {
  const model = emptyAccountModel();
  for (const [id, list] of Object.entries(bets)) {
    model.bet[id] = { bet_id: id, list, transaction_time: 1, legs: [] } as never;
  }
  return {
    topic: 'account/demo01',
    model: model as unknown as Model,
    epoch: 'e',
    seq: 0,
    hash: 'h',
    stale: false,
    staleSince: null,
    pt: 0,
    resyncing: false,
    error: null,
    changes: null,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('decisionFromStream', () => {
  it('resolves when the account stream lists the bet as running or rejected, without polling', async () => {
    const views = new Subject<TopicView>();
    const poll = vi.fn(async () => ({ ok: false as const, error: { code: 'polled' } }));
    const accepted = decisionFromStream(views, 'B1', poll);
    views.next(view({}));
    views.next(view({ B1: 'waiting' }));
    views.next(view({ B1: 'running' }));
    await expect(accepted).resolves.toMatchObject({ ok: true, value: { bet_id: 'B1' } });
    const rejected = decisionFromStream(views, 'B2', poll);
    views.next(view({ B2: 'rejected' }));
    await expect(rejected).resolves.toMatchObject({ ok: true, value: { bet_id: 'B2' } });
    expect(poll).not.toHaveBeenCalled();
    expect(views.observed).toBe(false);
  });

  it('a bet seen waiting that leaves the stream was settled at once: betNotExists', async () => {
    const views = new Subject<TopicView>();
    const gone = decisionFromStream(views, 'B1', async () => ({ ok: false, error: { code: 'polled' } }));
    views.next(view({ B1: 'waiting' }));
    views.next(view({}));
    await expect(gone).resolves.toEqual({ ok: false, error: { code: 'betNotExists' } });
  });

  it('falls back to polling when the stream never shows the bet', async () => {
    vi.useFakeTimers();
    const views = new Subject<TopicView>();
    const poll = vi.fn(async () => ({ ok: false as const, error: { code: 'polled' } }));
    const outcome = decisionFromStream(views, 'B1', poll, undefined, 5000);
    views.next(view({}));
    await vi.advanceTimersByTimeAsync(5000);
    await expect(outcome).resolves.toEqual({ ok: false, error: { code: 'polled' } });
    expect(poll).toHaveBeenCalledTimes(1);
    expect(views.observed).toBe(false);
  });
});
