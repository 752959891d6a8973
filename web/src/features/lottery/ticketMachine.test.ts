import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Outcome } from '../../shared/result.ts';
import type { LotteryQuote, LotteryTicket } from './lotteryApi.ts';
import { type TicketDeps, ticketMachine } from './ticketMachine.ts';

const auth = { account_id: 'demo01', session_token: 't' };
const rows = [{ number: '1123', bet_type: 'D_3' as const, big: 1, small: 0 }];
const quote: LotteryQuote = {
  draw_id: '202601101210',
  rows: [],
  total_cost: 12,
  min_unit: 1,
  max_unit: 1000,
};
const ticket = { ticket_id: 'L1' } as LotteryTicket;

/** Deps answering from queues, recording the request ids of the placements. */
function deps(
  placements: Outcome<LotteryTicket>[],
  checks: Outcome<LotteryQuote>[] = [{ ok: true, value: quote }],
) {
  const sent: string[] = [];
  let n = 0;
  const d: TicketDeps = {
    check: async () => checks.shift() ?? { ok: true, value: quote },
    place: async (_a, _d, _r, id) => {
      sent.push(id);
      return placements.shift() ?? { ok: false, error: { code: 'systemError' } };
    },
    newRequestId: () => `req-${++n}`,
  };
  return { d, sent };
}

describe('ticketMachine', () => {
  it('reviews, confirms and places; a retry after an unknown outcome reuses the request_id', async () => {
    const { d, sent } = deps([
      { ok: false, error: { code: 'requestTimeout' } },
      { ok: true, value: ticket },
    ]);
    const actor = createActor(ticketMachine, { input: { deps: d } }).start();
    const events: string[] = [];
    actor.on('*', (e) => events.push(e.type === 'ticket.failed' ? `failed:${e.code}` : e.type));
    actor.send({ type: 'ticket.review', auth, drawId: '202601101210', rows });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.quote).toEqual(quote);
    actor.send({ type: 'ticket.confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.code === 'requestTimeout');
    actor.send({ type: 'ticket.confirm' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(sent).toEqual(['req-1', 'req-1']);
    expect(events).toEqual(['failed:requestTimeout', 'ticket.placed']);
    actor.send({ type: 'ticket.again' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('a refused quote or placement goes back to editing; a new review is a new request_id', async () => {
    const { d, sent } = deps(
      [
        { ok: false, error: { code: 'drawClosed' } },
        { ok: true, value: ticket },
      ],
      [{ ok: false, error: { code: 'betLowerMin' } }],
    );
    const actor = createActor(ticketMachine, { input: { deps: d } }).start();
    actor.send({ type: 'ticket.review', auth, drawId: '202601101210', rows });
    await waitFor(actor, (s) => s.matches('editing') && s.context.code === 'betLowerMin');
    actor.send({ type: 'ticket.review', auth, drawId: '202601101210', rows });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'ticket.confirm' });
    // A closed draw keeps the review (tied to its draw) and says so; Back leaves it.
    await waitFor(actor, (s) => s.matches('confirming') && s.context.code === 'drawClosed');
    actor.send({ type: 'ticket.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'ticket.review', auth, drawId: '202601101220', rows });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'ticket.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'ticket.review', auth, drawId: '202601101220', rows });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'ticket.confirm' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(sent).toEqual(['req-2', 'req-4']);
  });

  it('a review stays on its draw when it closes: Confirm refused, one move to the next draw places there', async () => {
    const { d, sent } = deps([{ ok: true, value: ticket }]);
    const drawnOn: string[] = [];
    const place = d.place;
    d.place = (a, drawId, r, id) => {
      drawnOn.push(drawId);
      return place(a, drawId, r, id);
    };
    const actor = createActor(ticketMachine, { input: { deps: d } }).start();
    const events: string[] = [];
    actor.on('*', (e) => events.push(e.type));
    actor.send({
      type: 'ticket.review',
      auth,
      drawId: '202601101210',
      drawTime: 1_000,
      closeTime: 940,
      rows,
    });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context).toMatchObject({
      drawId: '202601101210',
      drawTime: 1_000,
      closeTime: 940,
    });
    actor.send({ type: 'draw.closed' });
    actor.send({ type: 'ticket.confirm' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ drawId: '202601101210', code: 'drawClosed' });
    actor.send({ type: 'ticket.move', drawId: '202601101220', drawTime: 1_600, closeTime: 1_540 });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context).toMatchObject({
      drawId: '202601101220',
      code: null,
      drawTime: 1_600,
    });
    actor.send({ type: 'ticket.confirm' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(drawnOn).toEqual(['202601101220']);
    expect(sent).toEqual(['req-2']);
    expect(events).toEqual(['ticket.placed']);
  });
});
