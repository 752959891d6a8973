/**
 * The personal-message unread count while logged in: loaded at start, then pushed by the account
 * stream (`messages.stream`, from the layout's AccountStreamSync: the gateway polls the count with
 * the account's other data) or asked on demand (`messages.refresh`, e.g. after the player
 * read the list). No timer. Failed calls are emitted as `error` for the session's catalogue handling. (The marquee
 * is the shared topic `list/marquee/<language>`, read by the layout's Marquee.)
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { messageCalls } from './messagesApi.ts';

export type MessagesOutcome = { ok: true; unread: number } | { ok: false; code: string };

export interface MessagesInput {
  readonly auth: Auth;
}

export async function loadMessages({ auth }: MessagesInput): Promise<MessagesOutcome> {
  const unread = await messageCalls(api).unread(auth);
  if (!unread.ok) return { ok: false, code: unread.code };
  return { ok: true, unread: unread.unread };
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
    store: assign((_, output: MessagesOutcome) => (output.ok ? { unread: output.unread } : {})),
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
              params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }),
            },
          },
        ],
      },
    },
    idle: { on: { 'messages.refresh': 'loading' } },
  },
});
