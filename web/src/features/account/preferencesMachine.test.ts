// @vitest-environment jsdom
import { StorageKey } from '@sportsbook/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import type { Auth } from '../../shared/result.ts';
import { createSessionChannel } from '../../shared/sessionChannel.ts';
import type { SettingsFields, SettingsOutcome, StatusOutcome } from './accountApi.ts';
import { defaultLayout, loadLayout, parseLayout } from './layout.ts';
import { preferencesMachine, storedChanges } from './preferencesMachine.ts';

const auth: Auth = { account_id: 'demo01', session_token: 't' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function withSave(
  save: (settings: SettingsFields) => Promise<StatusOutcome>,
  load: (auth: Auth) => Promise<SettingsOutcome> = async () => ({ ok: true, value: {} }),
) {
  const sent: SettingsFields[] = [];
  const loads: Auth[] = [];
  const machine = preferencesMachine.provide({
    actors: {
      save: fromPromise<StatusOutcome, { auth: Auth; settings: SettingsFields }>(({ input }) => {
        sent.push(input.settings);
        return save(input.settings);
      }),
      load: fromPromise<SettingsOutcome, { auth: Auth }>(({ input }) => {
        loads.push(input.auth);
        return load(input.auth);
      }),
    },
  });
  return { machine, sent, loads };
}

/** Logs in: the server's settings load first (the server wins), then the machine is idle. */
async function signIn(actor: Actor<typeof preferencesMachine>, as: Auth = auth) {
  actor.send({ type: 'auth.set', auth: as });
  await waitFor(actor, (s) => s.matches('idle'));
}

beforeEach(() => localStorage.clear());

describe('layout preferences', () => {
  it('defaults are SPEC section 9: page size 10, MY odds, auto-refresh on, better odds off, quick bet off', () => {
    const layout = defaultLayout();
    expect(layout.pageDisplay).toMatchObject({ language: 'en', oddsType: 1, pageSize: 10 });
    expect(layout.betting).toMatchObject({
      defaultStake: 3,
      autoRefreshOdds: true,
      acceptBetterOdds: false,
      quickBet: false,
    });
    expect(layout.menu).toMatchObject({ menu0: 'all', menu1: 'today', menu2: 1, menu3: 'hdpou' });
  });

  it('a broken stored value falls back field by field', () => {
    const layout = parseLayout({
      pageDisplay: { language: 'xx', oddsType: 9, pageSize: 'ten' },
      betting: { quickBet: true },
    });
    expect(layout.pageDisplay.language).toBe('en');
    expect(layout.pageDisplay.oddsType).toBe(1);
    expect(layout.pageDisplay.pageSize).toBe(10);
    expect(layout.betting.quickBet).toBe(true);
    expect(parseLayout('garbage')).toEqual(defaultLayout());
  });
});

describe('preferencesMachine', () => {
  it('a change while logged out is kept locally under the layout key and not sent', () => {
    const { machine, sent } = withSave(async () => ({ ok: true, value: null }));
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'prefs.update', patch: { pageDisplay: { language: 'ja' } } });
    expect(actor.getSnapshot().context.layout.pageDisplay.language).toBe('ja');
    expect(JSON.parse(localStorage.getItem(StorageKey.layout) ?? '{}').pageDisplay.language).toBe('ja');
    expect(loadLayout().pageDisplay.language).toBe('ja');
    expect(sent).toHaveLength(0);
  });

  it('logged in, a settings change is saved upstream with the flat settings fields', async () => {
    const { machine, sent } = withSave(async () => ({ ok: true, value: null }));
    const actor = createActor(machine, { input: {} }).start();
    await signIn(actor);
    actor.send({ type: 'prefs.update', patch: { pageDisplay: { oddsType: 4 } } });
    await waitFor(actor, (s) => s.matches('idle') && sent.length === 1);
    expect(sent[0]).toMatchObject({ oddsType: 4, language: 'en', autoRefreshOdds: true });
  });

  it('a menu-only change (theme) is not a usersettings call', async () => {
    const { machine, sent } = withSave(async () => ({ ok: true, value: null }));
    const actor = createActor(machine, { input: {} }).start();
    await signIn(actor);
    actor.send({ type: 'prefs.update', patch: { menu: { theme: 'midnight' } } });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('a change during a save gets requestProcessing and is saved after the first save', async () => {
    const first = deferred<StatusOutcome>();
    let calls = 0;
    const { machine, sent } = withSave(() =>
      ++calls === 1 ? first.promise : Promise.resolve({ ok: true, value: null }),
    );
    const actor = createActor(machine, { input: {} }).start();
    const errors: string[] = [];
    actor.on('prefs.failed', (e) => errors.push(e.code));
    await signIn(actor);
    actor.send({ type: 'prefs.update', patch: { pageDisplay: { oddsType: 2 } } });
    actor.send({ type: 'prefs.update', patch: { pageDisplay: { oddsType: 3 } } });
    expect(errors).toEqual(['requestProcessing']);
    expect(sent).toHaveLength(1);
    first.resolve({ ok: true, value: null });
    await waitFor(actor, (s) => s.matches('idle') && sent.length === 2);
    expect(sent[1]).toMatchObject({ oddsType: 3 });
  });

  it('a failed save is emitted for the catalogue', async () => {
    const { machine } = withSave(async () => ({ ok: false, error: { code: 'session_expired' } }));
    const actor = createActor(machine, { input: {} }).start();
    const errors: string[] = [];
    actor.on('prefs.failed', (e) => errors.push(e.code));
    await signIn(actor);
    actor.send({ type: 'prefs.update', patch: { betting: { quickBet: true } } });
    await waitFor(actor, (s) => s.matches('idle') && errors.length === 1);
    expect(errors).toEqual(['session_expired']);
  });

  it("at login the server's settings win over the browser's, and land under the layout key", async () => {
    localStorage.setItem(
      StorageKey.layout,
      JSON.stringify({ pageDisplay: { oddsType: 1, language: 'th' }, menu: { theme: 'crimson' } }),
    );
    const { machine, sent, loads } = withSave(
      async () => ({ ok: true, value: null }),
      async () => ({ ok: true, value: { oddsType: 5, acceptAnyOdds: true, pageSize: 'bad', unknown: 1 } }),
    );
    const actor = createActor(machine, { input: {} }).start();
    await signIn(actor);
    const { layout } = actor.getSnapshot().context;
    expect(layout.pageDisplay.oddsType).toBe(5);
    expect(layout.betting.acceptAnyOdds).toBe(true);
    // What the server does not name stays the browser's; a bad server value falls back.
    expect(layout.pageDisplay.language).toBe('th');
    expect(layout.menu.theme).toBe('crimson');
    expect(layout.pageDisplay.pageSize).toBe(10);
    expect(loadLayout().pageDisplay.oddsType).toBe(5);
    expect(loads).toEqual([auth]);
    expect(sent).toHaveLength(0);
    // The same session again (a re-render) does not reload; a new session (switch) does.
    actor.send({ type: 'auth.set', auth });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    await signIn(actor, { account_id: 'demo07', session_token: 'u' });
    expect(loads).toHaveLength(2);
  });

  it('a failed settings read is emitted and leaves the browser layout', async () => {
    const { machine } = withSave(
      async () => ({ ok: true, value: null }),
      async () => ({ ok: false, error: { code: 'session_expired' } }),
    );
    const actor = createActor(machine, { input: {} }).start();
    const errors: string[] = [];
    actor.on('prefs.failed', (e) => errors.push(e.code));
    await signIn(actor);
    expect(errors).toEqual(['session_expired']);
    expect(actor.getSnapshot().context.layout).toEqual(defaultLayout());
  });
});

describe('preferences in every window (session channel)', () => {
  it("another window's change is read from storage here, and not saved again", async () => {
    const a = withSave(async () => ({ ok: true, value: null }));
    const b = withSave(async () => ({ ok: true, value: null }));
    const channel = createSessionChannel();
    const first = createActor(a.machine, { input: {} }).start();
    const second = createActor(
      b.machine.provide({ actors: { storedChanges: storedChanges(() => channel) } }),
      {
        input: {},
      },
    ).start();
    await signIn(first);
    await signIn(second);
    first.send({
      type: 'prefs.update',
      patch: { pageDisplay: { oddsType: 4 }, menu: { theme: 'midnight' } },
    });
    const snap = await waitFor(second, (s) => s.context.layout.pageDisplay.oddsType === 4);
    expect(snap.context.layout.menu.theme).toBe('midnight');
    expect(snap.matches('idle')).toBe(true);
    await waitFor(first, (s) => s.matches('idle') && a.sent.length === 1);
    expect(b.sent).toHaveLength(0);
    channel.close();
  });

  it("otherWindowStaleStore: the other window's change is taken from its message, not from a store that has not caught up", async () => {
    // Chromium syncs localStorage to other renderer processes asynchronously: the message can come
    // before this window's store holds the change. The window takes the layout the message carries.
    const channel = createSessionChannel();
    const b = withSave(async () => ({ ok: true, value: null }));
    const second = createActor(
      b.machine.provide({ actors: { storedChanges: storedChanges(() => channel) } }),
      { input: {} },
    ).start();
    await signIn(second);
    expect(loadLayout().pageDisplay.oddsType).toBe(1);
    const changed = { ...defaultLayout(), pageDisplay: { ...defaultLayout().pageDisplay, oddsType: 4 } };
    const sender = createSessionChannel();
    sender.post({ type: 'settings.changed', layout: changed });
    const snap = await waitFor(second, (s) => s.context.layout.pageDisplay.oddsType === 4);
    expect(snap.context.layout).toEqual(parseLayout(changed));
    // A message with a layout that is not one is checked like the store: defaults, no crash.
    sender.post({ type: 'settings.changed', layout: { pageDisplay: { oddsType: 99 } } });
    await waitFor(second, (s) => s.context.layout.pageDisplay.oddsType === 1);
    sender.close();
    channel.close();
  });

  it("otherWindowDuringLoad: another window's change while this one reads the server's settings wins over that (older) read", async () => {
    const load = deferred<SettingsOutcome>();
    const a = withSave(async () => ({ ok: true, value: null }));
    const b = withSave(
      async () => ({ ok: true, value: null }),
      () => load.promise,
    );
    const channel = createSessionChannel();
    const first = createActor(a.machine, { input: {} }).start();
    await signIn(first);
    const second = createActor(
      b.machine.provide({ actors: { storedChanges: storedChanges(() => channel) } }),
      { input: {} },
    ).start();
    second.send({ type: 'auth.set', auth });
    expect(second.getSnapshot().matches('loading')).toBe(true);
    first.send({ type: 'prefs.update', patch: { pageDisplay: { oddsType: 4 } } });
    const snap = await waitFor(second, (s) => s.context.layout.pageDisplay.oddsType === 4);
    expect(snap.matches('idle')).toBe(true);
    // The server's answer to the dropped read (from before the change) comes too late to matter.
    load.resolve({ ok: true, value: { oddsType: 1 } });
    await load.promise;
    await Promise.resolve();
    expect(second.getSnapshot().context.layout.pageDisplay.oddsType).toBe(4);
    expect(loadLayout().pageDisplay.oddsType).toBe(4);
    expect(b.sent).toHaveLength(0);
    channel.close();
  });
});
