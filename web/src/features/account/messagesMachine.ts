/**
 * Marquee and the personal-message unread count while logged in: loaded at start, then refreshed on
 * an interval (an RxJS timer feeding the machine) or on demand (`messages.refresh`, e.g. after the
 * player read the list). The marquee's text is the upstream's, asked in the language the app shows:
 * `messages.language` (sent by the layout whenever i18next's language changes) loads it again at
 * once in the new language, dropping a load still under way in the old one; the same language again
 * changes nothing. Failed calls are emitted as `error` for the session's catalogue handling.
 */
import { interval, map } from 'rxjs';
import { assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth } from './accountApi.ts';
import { type Message, messageCalls } from './messagesApi.ts';

export const MessagesPollMs = 60_000;

export type MessagesOutcome = { ok: true; marquee: Message[]; unread: number } | { ok: false; code: string };

export interface MessagesInput {
  readonly auth: Auth;
  /** i18next's language; sent as the marquee call's `language` when it is one of the nine. */
  readonly language?: string;
}

export async function loadMessages({ auth, language }: MessagesInput): Promise<MessagesOutcome> {
  const calls = messageCalls(api);
  const [marquee, unread] = await Promise.all([calls.marquee(auth, language), calls.unread(auth)]);
  if (!marquee.ok) return { ok: false, code: marquee.code };
  if (!unread.ok) return { ok: false, code: unread.code };
  return { ok: true, marquee: marquee.items, unread: unread.unread };
}

export const messagesMachine = setup({
  types: {
    context: {} as { auth: Auth; language: string | undefined; marquee: Message[]; unread: number },
    events: {} as { type: 'messages.refresh' } | { type: 'messages.language'; language: string },
    input: {} as MessagesInput,
    emitted: {} as { type: 'error'; code: string },
  },
  actors: {
    load: fromPromise<MessagesOutcome, MessagesInput>(({ input }) => loadMessages(input)),
    ticker: fromEventObservable(() =>
      interval(MessagesPollMs).pipe(map(() => ({ type: 'messages.refresh' as const }))),
    ),
  },
  guards: {
    loaded: (_, output: MessagesOutcome) => output.ok,
    languageChanged: ({ context }, language: string) => context.language !== language,
  },
  actions: {
    store: assign((_, output: MessagesOutcome) =>
      output.ok ? { marquee: output.marquee, unread: output.unread } : {},
    ),
    emitFailure: emit((_, params: { code: string }) => ({ type: 'error' as const, code: params.code })),
  },
}).createMachine({
  id: 'messages',
  context: ({ input }) => ({ auth: input.auth, language: input.language, marquee: [], unread: 0 }),
  invoke: { src: 'ticker' },
  on: {
    'messages.language': {
      guard: { type: 'languageChanged', params: ({ event }) => event.language },
      target: '.loading',
      reenter: true,
      actions: assign({ language: ({ event }) => event.language }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({
          auth: context.auth,
          ...(context.language === undefined ? {} : { language: context.language }),
        }),
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
