/**
 * One ticket from the entry grid to the accepted ticket: `editing` -> review (the server quotes the
 * rows: `checking`) -> `confirming` (the player sees the quoted cost) -> `placing` -> `placed`.
 * The request_id is made when the player reviews and kept through retries, so a placement retried
 * after a timeout is the same ticket; going back to editing forgets it. Failures return to
 * `editing` (or stay in `confirming` for a retry when the outcome is unknown) and are emitted as
 * `failed` with the catalogue code; a placed ticket emits `placed` (the page refreshes the balance).
 *
 * A review stays tied to its draw: the context keeps the draw's id and times, never the
 * page's current choice. When the draw closes under the review (the page sees its close time pass,
 * or the placement answers `drawClosed`), the review stays with `drawClosed` and offers one action,
 * `move`: the same rows quoted again for the next draw, with a new request_id.
 */
import type { LotteryRowBody } from '@sportsbook/protocol';
import { assign, emit, fromPromise, setup } from 'xstate';
import { type Auth, failureCode, type Outcome, valueOrThrow } from '../../shared/result.ts';
import type { LotteryQuote, LotteryTicket } from './lotteryApi.ts';

export interface TicketDeps {
  check: (auth: Auth, drawId: string, rows: LotteryRowBody[]) => Promise<Outcome<LotteryQuote>>;
  place: (
    auth: Auth,
    drawId: string,
    rows: LotteryRowBody[],
    requestId: string,
  ) => Promise<Outcome<LotteryTicket>>;
  newRequestId: () => string;
}

interface Context {
  deps: TicketDeps;
  auth: Auth | null;
  drawId: string | null;
  /** The reviewed draw's times (UTC ms), when the page gave them. */
  drawTime: number | null;
  closeTime: number | null;
  rows: LotteryRowBody[];
  quote: LotteryQuote | null;
  requestId: string | null;
  ticket: LotteryTicket | null;
  code: string | null;
}

/** A draw as the review keeps it. */
export interface DrawRef {
  drawId: string;
  drawTime?: number;
  closeTime?: number;
}

export type TicketEvent =
  | ({ type: 'ticket.review'; auth: Auth; rows: LotteryRowBody[] } & DrawRef)
  | ({ type: 'ticket.move' } & DrawRef)
  | { type: 'draw.closed' }
  | { type: 'ticket.confirm' }
  | { type: 'ticket.back' }
  | { type: 'ticket.again' };

/** Codes after which a placement's outcome is unknown: the same request_id may be sent again. */
const Unknown = new Set([
  'requestFailed',
  'requestTimeout',
  'requestProcessing',
  'timeoutError',
  'systemError',
]);

interface CallInput {
  deps: TicketDeps;
  auth: Auth;
  drawId: string;
  rows: LotteryRowBody[];
  requestId: string;
}

/** What both calls need, from the context (set when the player reviews). */
const callInput = ({ context }: { context: Context }): CallInput => ({
  deps: context.deps,
  auth: context.auth as Auth,
  drawId: context.drawId as string,
  rows: context.rows,
  requestId: context.requestId as string,
});

const codeOf = failureCode;

export const ticketMachine = setup({
  types: {
    context: {} as Context,
    events: {} as TicketEvent,
    input: {} as { deps: TicketDeps },
    emitted: {} as { type: 'ticket.failed'; code: string } | { type: 'ticket.placed'; ticket: LotteryTicket },
  },
  actors: {
    check: fromPromise<
      LotteryQuote,
      { deps: TicketDeps; auth: Auth; drawId: string; rows: LotteryRowBody[] }
    >(async ({ input }) => valueOrThrow(await input.deps.check(input.auth, input.drawId, input.rows))),
    place: fromPromise<LotteryTicket, CallInput>(async ({ input }) =>
      valueOrThrow(await input.deps.place(input.auth, input.drawId, input.rows, input.requestId)),
    ),
  },
}).createMachine({
  id: 'lotteryTicket',
  context: ({ input }) => ({
    deps: input.deps,
    auth: null,
    drawId: null,
    drawTime: null,
    closeTime: null,
    rows: [],
    quote: null,
    requestId: null,
    ticket: null,
    code: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'ticket.review': {
          target: 'checking',
          actions: assign(({ event, context }) => ({
            auth: event.auth,
            drawId: event.drawId,
            drawTime: event.drawTime ?? null,
            closeTime: event.closeTime ?? null,
            rows: event.rows,
            quote: null,
            code: null,
            requestId: context.deps.newRequestId(),
          })),
        },
      },
    },
    checking: {
      invoke: {
        src: 'check',
        input: callInput,
        onDone: { target: 'confirming', actions: assign({ quote: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: [
            assign({ code: ({ event }) => codeOf(event.error), requestId: null }),
            emit(({ event }) => ({ type: 'ticket.failed' as const, code: codeOf(event.error) })),
          ],
        },
      },
    },
    confirming: {
      on: {
        'ticket.confirm': { target: 'placing', guard: ({ context }) => context.code !== 'drawClosed' },
        'ticket.back': { target: 'editing', actions: assign({ quote: null, requestId: null, code: null }) },
        // The page saw the reviewed draw's close time pass (upstream clock): Confirm is refused.
        'draw.closed': { actions: assign({ code: 'drawClosed' }) },
        // The reviewed draw closed: the same rows, quoted again for another draw, a new ticket.
        'ticket.move': {
          target: 'checking',
          actions: assign(({ event, context }) => ({
            drawId: event.drawId,
            drawTime: event.drawTime ?? null,
            closeTime: event.closeTime ?? null,
            quote: null,
            code: null,
            requestId: context.deps.newRequestId(),
          })),
        },
      },
    },
    placing: {
      invoke: {
        src: 'place',
        input: callInput,
        onDone: {
          target: 'placed',
          actions: [
            assign({ ticket: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'ticket.placed' as const, ticket: event.output })),
          ],
        },
        onError: [
          {
            // The draw closed meanwhile: the review says so and offers the next draw (no dialog).
            guard: ({ event }) => codeOf(event.error) === 'drawClosed',
            target: 'confirming',
            actions: assign({ code: 'drawClosed' }),
          },
          {
            guard: ({ event }) => Unknown.has(codeOf(event.error)),
            target: 'confirming',
            actions: [
              assign({ code: ({ event }) => codeOf(event.error) }),
              emit(({ event }) => ({ type: 'ticket.failed' as const, code: codeOf(event.error) })),
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({ code: ({ event }) => codeOf(event.error), requestId: null, quote: null }),
              emit(({ event }) => ({ type: 'ticket.failed' as const, code: codeOf(event.error) })),
            ],
          },
        ],
      },
    },
    placed: {
      on: {
        'ticket.again': {
          target: 'editing',
          actions: assign({ ticket: null, quote: null, requestId: null, code: null }),
        },
      },
    },
  },
});
