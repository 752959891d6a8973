/**
 * The personal-message unread count while logged in: loaded at start, then pushed by the account
 * stream (`messages.stream`, from the layout's AccountStreamSync: the gateway polls the count with
 * the account's other data) or asked on demand (`messages.refresh`, e.g. after the player
 * read the list). No timer. Failed calls are emitted as `error` for the session's catalogue handling. (The marquee
 * is the shared topic `list/marquee/<language>`, read by the layout's Marquee.)
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';
import { messageCalls } from './messagesApi.ts';

/** The unread count. */
export type MessagesOutcome = Outcome<number>;

export interface MessagesInput {
  readonly auth: Auth;
}

export function loadMessages({ auth }: MessagesInput): Promise<MessagesOutcome> {
  return messageCalls(api).unread(auth);
}

export const messagesMachine = setup({
  types: {
    context: {} as { auth: Auth; unread: number },
    events: {} as { type: 'messages.refresh' } | { type: 'messages.stream'; unread: number },
    input: {} as MessagesInput,
    emitted: {} as { type: 'messages.failed'; code: string },
  },
  actors: {
    load: fromPromise<MessagesOutcome, MessagesInput>(({ input }) => loadMessages(input)),
  },
  guards: {
    loaded: (_, output: MessagesOutcome) => output.ok,
  },
  actions: {
    store: assign((_, output: MessagesOutcome) => (output.ok ? { unread: output.value } : {})),
    emitFailure: emit((_, params: { code: string }) => ({
      type: 'messages.failed' as const,
      code: params.code,
    })),
  },
}).createMachine({
  id: 'messages',
  context: ({ input }) => ({ auth: input.auth, unread: 0 }),
  on: {
    'messages.stream': {
      actions: assign(({ event }) => (event.type === 'messages.stream' ? { unread: event.unread } : {})),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ auth: context.auth }),
        onDone: [
          {
            guard: { type: 'loaded', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          {
            target: 'idle',
            actions: {
              type: 'emitFailure',
              params: ({ event }) => ({ code: event.output.ok ? '' : event.output.error.code }),
            },
          },
        ],
      },
    },
    idle: { on: { 'messages.refresh': 'loading' } },
  },
});
