/**
 * Layout preferences (SPEC section 3): changed locally at once and kept under StorageKey.layout;
 * when logged in, the settings fields are saved upstream through usersettings. One settings save in
 * flight at a time (SPEC section 4): a change during a save answers `requestProcessing` (emitted as
 * an `error` for the catalogue, a soft code: logged only) and is saved once the first save ends.
 * On login (and on a reload with a kept session) the member's saved settings are read through
 * usersettings and win over the browser's (`loading`), so two browsers agree after a reload; a change
 * the player makes while they load (a tab clicked on the board at once) is applied over them and saved.
 * Every stored change is told to the app's other windows (shared/sessionChannel.ts,
 * `settings.changed`, with the layout), which take it (`prefs.stored`): one layout in every tab.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { type SessionChannel, sessionChannel } from '../../shared/sessionChannel.ts';
import { accountCalls, type SettingsFields, type SettingsOutcome, type StatusOutcome } from './accountApi.ts';
import {
  applyPatch,
  type Layout,
  type LayoutPatch,
  loadLayout,
  parseLayout,
  patchNeedsUpstream,
  saveLayout,
  serverPatch,
  settingsFields,
} from './layout.ts';

export interface PreferencesContext {
  layout: Layout;
  auth: Auth | null;
  /** A change arrived while a save was running: save again afterwards. */
  dirty: boolean;
  /** The player's changes while the server's settings load: applied over them once they are in. */
  pending: LayoutPatch | null;
}

export type PreferencesEvent =
  | { type: 'prefs.update'; patch: LayoutPatch }
  | { type: 'auth.set'; auth: Auth | null }
  /** Another window stored a change: this one takes its layout (checked; nothing is saved). */
  | { type: 'prefs.stored'; layout?: unknown };

/** Another window's `settings.changed` as this machine's `prefs.stored`. */
export function storedChanges(channel: () => SessionChannel = sessionChannel) {
  return fromCallback<{ type: 'prefs.update' }, undefined, { type: 'prefs.stored' }>(({ sendBack }) =>
    channel().subscribe((message) => {
      if (message.type === 'settings.changed') sendBack({ type: 'prefs.stored', layout: message.layout });
    }),
  );
}

export type PreferencesEmitted = { type: 'prefs.failed'; code: string } | { type: 'prefs.saved' };

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as { layout?: Layout } | undefined,
    emitted: {} as PreferencesEmitted,
  },
  actors: {
    save: fromPromise<StatusOutcome, { auth: Auth; settings: SettingsFields }>(({ input, signal }) =>
      accountCalls(api).saveSettings(input.auth, input.settings, signal),
    ),
    load: fromPromise<SettingsOutcome, { auth: Auth }>(({ input, signal }) =>
      accountCalls(api).loadSettings(input.auth, signal),
    ),
    storedChanges: storedChanges(),
  },
  guards: {
    upstreamChange: ({ context, event }) =>
      context.auth !== null && event.type === 'prefs.update' && patchNeedsUpstream(event.patch),
    dirty: ({ context }) => context.dirty && context.auth !== null,
    saveFailed: (_, output: StatusOutcome) => !output.ok,
    /** A new session (login, switch, a reload that kept it): read the server's settings. */
    newSession: ({ context, event }) =>
      event.type === 'auth.set' &&
      event.auth !== null &&
      (context.auth?.account_id !== event.auth.account_id ||
        context.auth?.session_token !== event.auth.session_token),
  },
  actions: {
    applyPatch: assign({
      layout: ({ context, event }) =>
        event.type === 'prefs.update' ? applyPatch(context.layout, event.patch) : context.layout,
    }),
    persist: ({ context }) => {
      saveLayout(context.layout);
      sessionChannel().post({ type: 'settings.changed', layout: context.layout });
    },
    // The sender's layout as sent (a message without one, from an older build: the store).
    readStored: assign({
      layout: ({ event }) =>
        event.type === 'prefs.stored' && event.layout !== undefined
          ? parseLayout(event.layout)
          : loadLayout(),
    }),
    applyServer: assign({
      layout: ({ context }, settings: Readonly<Record<string, unknown>>) =>
        applyPatch(context.layout, serverPatch(settings)),
    }),
    keepPending: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'prefs.update') return context.pending;
        const before = context.pending ?? {};
        return {
          pageDisplay: { ...before.pageDisplay, ...event.patch.pageDisplay },
          betting: { ...before.betting, ...event.patch.betting },
          menu: { ...before.menu, ...event.patch.menu },
        };
      },
    }),
    applyPending: assign({
      layout: ({ context }) =>
        context.pending ? applyPatch(context.layout, context.pending) : context.layout,
      dirty: ({ context }) => context.pending !== null && patchNeedsUpstream(context.pending),
      pending: null,
    }),
    setAuth: assign({ auth: ({ event }) => (event.type === 'auth.set' ? event.auth : null) }),
    markDirty: assign({ dirty: true }),
    clearDirty: assign({ dirty: false }),
    emitBusy: emit({ type: 'prefs.failed', code: 'requestProcessing' }),
    emitFailure: emit((_, params: { code: string }) => ({
      type: 'prefs.failed' as const,
      code: params.code,
    })),
    emitSaved: emit({ type: 'prefs.saved' }),
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({
    layout: input?.layout ?? loadLayout(),
    auth: null,
    dirty: false,
    pending: null,
  }),
  invoke: { src: 'storedChanges' },
  on: {
    'auth.set': [{ guard: 'newSession', target: '.loading', actions: 'setAuth' }, { actions: 'setAuth' }],
    'prefs.stored': { actions: 'readStored' },
  },
  initial: 'idle',
  states: {
    loading: {
      on: {
        // A change while the server's settings load is shown at once and applied over theirs.
        'prefs.update': { actions: ['applyPatch', 'persist', 'keepPending'] },
        // Another window stored a change meanwhile: that window has read the
        // server's settings (or will, and tell again), and its change is newer than this load's
        // answer, which would put the old settings back in every window: take it, drop the load.
        'prefs.stored': { target: 'idle', actions: 'readStored' },
      },
      invoke: {
        src: 'load',
        input: ({ context }) => ({ auth: context.auth as Auth }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'loaded',
            actions: [
              {
                type: 'applyServer',
                params: ({ event }) => (event.output.ok ? event.output.value : {}),
              },
              'applyPending',
              'persist',
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'emitFailure',
                params: ({ event }) => ({ code: event.output.ok ? '' : event.output.error.code }),
              },
              'applyPending',
            ],
          },
        ],
        onError: { target: 'idle', actions: 'applyPending' },
      },
    },
    /** The server's settings are in; the player's changes made meanwhile are saved. */
    loaded: {
      always: [{ guard: 'dirty', target: 'saving' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'prefs.update': [
          { guard: 'upstreamChange', target: 'saving', actions: ['applyPatch', 'persist'] },
          { actions: ['applyPatch', 'persist'] },
        ],
      },
    },
    saving: {
      entry: 'clearDirty',
      on: {
        'prefs.update': [
          { guard: 'upstreamChange', actions: ['applyPatch', 'persist', 'markDirty', 'emitBusy'] },
          { actions: ['applyPatch', 'persist'] },
        ],
      },
      invoke: {
        src: 'save',
        input: ({ context }) => ({ auth: context.auth as Auth, settings: settingsFields(context.layout) }),
        onDone: [
          {
            guard: { type: 'saveFailed', params: ({ event }) => event.output },
            target: 'idle',
            actions: {
              type: 'emitFailure',
              params: ({ event }) => ({ code: event.output.ok ? '' : event.output.error.code }),
            },
          },
          { guard: 'dirty', target: 'saving', reenter: true, actions: 'emitSaved' },
          { target: 'idle', actions: 'emitSaved' },
        ],
      },
    },
  },
});
