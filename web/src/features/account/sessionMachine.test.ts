// @vitest-environment jsdom
import type { LoggedInAccount } from '@sportsbook/protocol';
import { StorageKey } from '@sportsbook/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { createSessionChannel } from '../../shared/sessionChannel.ts';
import { accountCalls, type BalanceOutcome, type LoginOutcome } from './accountApi.ts';
import {
  type BalanceValue,
  type LoginRequest,
  loginValue,
  type SessionEmitted,
  sessionActors,
  sessionMachine,
  sessionValue,
} from './sessionMachine.ts';
import { readAccount, rememberSession } from './storage.ts';

function account(id = 'demo01', operatorType = 1, token = `tok-${id}`): LoggedInAccount {
  return {
    info: {
      account_id: id,
      session_token: token,
      nickname: '',
      has_secondary_account: 0,
      operator_type: operatorType,
      parent_id: 'ag01',
      comm_type: 1,
    },
    wallet: { available_balance: 100, cash_balance: 120, frozen_balance: 20, currency_code: 'MYR' },
    betLimits: [],
  };
}

/** A promise the test settles by hand, so "in flight" is a state the test controls (no sleeps). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface Harness {
  login: LoginRequest[];
  profile: Auth[];
  balance: { operatorType: number }[];
  popupsClosed: number;
}

function harness(options: {
  login?: (req: LoginRequest) => Promise<LoginOutcome>;
  profile?: (auth: Auth) => Promise<LoginOutcome>;
  balance?: () => Promise<BalanceOutcome>;
}) {
  const calls: Harness = { login: [], profile: [], balance: [], popupsClosed: 0 };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoggedInAccount, LoginRequest>(async ({ input }) => {
        calls.login.push(input);
        return loginValue(await (options.login ?? (async () => ({ ok: true, value: account() })))(input));
      }),
      profile: fromPromise<LoggedInAccount, Auth>(async ({ input }) => {
        calls.profile.push(input);
        return sessionValue(
          await (options.profile ?? (async (a) => ({ ok: true, value: account(a.account_id) })))(input),
        );
      }),
      balance: fromPromise<BalanceValue, { auth: Auth; parentId: string | number; operatorType: number }>(
        async ({ input }) => {
          calls.balance.push({ operatorType: input.operatorType });
          return sessionValue(
            await (
              options.balance ??
              (async () => ({
                ok: true,
                value: { balance: { available: 1, cash: 2, outstanding: 3 }, retrieveProfile: false },
              }))
            )(),
          );
        },
      ),
    },
    actions: {
      closePopups: () => {
        calls.popupsClosed++;
      },
    },
  });
  return { machine, calls };
}

function collect(actor: { on: (type: 'session.notify', fn: (e: SessionEmitted) => void) => unknown }) {
  const notices: SessionEmitted[] = [];
  actor.on('session.notify', (e) => notices.push(e));
  return notices;
}

beforeEach(() => localStorage.clear());

describe('sessionMachine: login', () => {
  it('normal login succeeds on a complete profile and keeps the session (remember-me keeps the id)', async () => {
    const { machine, calls } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: ' demo01 ', password: 'demo1234', rememberMe: true });
    const snap = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls.login[0]).toEqual({ kind: 'password', account_id: 'demo01', password: 'demo1234' });
    expect(snap.context.account?.info.account_id).toBe('demo01');
    expect(snap.context.balance).toEqual({ available: 100, cash: 120, outstanding: 20 });
    const stored = JSON.parse(localStorage.getItem(StorageKey.account) ?? '{}');
    expect(stored).toEqual({
      rememberMe: true,
      loginId: 'demo01',
      session: { account_id: 'demo01', session_token: 'tok-demo01' },
    });
  });

  it('without remember-me the login id is not kept', async () => {
    const { machine } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(JSON.parse(localStorage.getItem(StorageKey.account) ?? '{}').loginId).toBeNull();
  });

  it('blank fields give the SPEC section 5 codes and call nothing', () => {
    const { machine, calls } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: '  ', password: '' });
    const { context } = actor.getSnapshot();
    expect(context.loginErrors.map((e) => e.code)).toEqual(['usernameRequired', 'passwordRequired']);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(calls.login).toHaveLength(0);
  });

  it('a failed login clears the account and shows the catalogue dialog', async () => {
    const { machine } = harness({ login: async () => ({ ok: false, error: { code: 'invalid_password' } }) });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'nope' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut') && s.context.lastCode !== null);
    expect(snap.context.account).toBeNull();
    expect(snap.context.balance).toBeNull();
    expect(notices.map((n) => [n.code, n.action.show])).toEqual([['invalid_password', 'dialog']]);
  });

  it("loginLimit at login is shown (the spec's 'You have login too frequent...' dialog), not only logged", async () => {
    const { machine } = harness({ login: async () => ({ ok: false, error: { code: 'loginLimit' } }) });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'nope' });
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.lastCode !== null);
    expect(notices.map((n) => [n.code, n.action.show, n.action.message])).toEqual([
      ['loginLimit', 'dialog', 'You have login too frequent, please try again after 1 minute...'],
    ]);
  });

  it('a second login while one is in flight gets requestProcessing and is not sent', async () => {
    const pending = deferred<LoginOutcome>();
    const { machine, calls } = harness({ login: () => pending.promise });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('authenticating'));
    actor.send({ type: 'login.password', account_id: 'demo02', password: 'demo1234' });
    expect(notices.map((n) => [n.code, n.action.kind])).toEqual([['requestProcessing', 'logOnly']]);
    pending.resolve({ ok: true, value: account() });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls.login).toHaveLength(1);
  });

  it('token launch logs in with the token from the landing URL', async () => {
    const { machine, calls } = harness({});
    const actor = createActor(machine, { input: { launchToken: 'abc' } }).start();
    const snap = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls.login[0]).toEqual({ kind: 'token', token: 'abc' });
    expect(snap.context.launchToken).toBeNull();
  });

  it('a refused launch token leaves the player logged out with a dialog', async () => {
    const { machine } = harness({ login: async () => ({ ok: false, error: { code: 'session_expired' } }) });
    const actor = createActor(machine, { input: { launchToken: 'spent' } }).start();
    const notices = collect(actor);
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(notices[0]?.action.kind).toBe('dialogThenLogout');
  });
});

describe('sessionMachine: session refresh and profile reload', () => {
  it('a kept session is refreshed on start', async () => {
    const { machine, calls } = harness({});
    const stored = { account_id: 'demo01', session_token: 'old' };
    rememberSession(stored, false, null);
    const actor = createActor(machine, { input: { storedSession: stored } }).start();
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(calls.profile).toEqual([stored]);
  });

  it('a failed refresh of a kept session clears the account and the stored session', async () => {
    localStorage.setItem(
      StorageKey.account,
      JSON.stringify({
        rememberMe: true,
        loginId: 'demo01',
        session: { account_id: 'demo01', session_token: 'x' },
      }),
    );
    const { machine } = harness({ profile: async () => ({ ok: false, error: { code: 'session_expired' } }) });
    const actor = createActor(machine, {
      input: { storedSession: { account_id: 'demo01', session_token: 'x' } },
    }).start();
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.account).toBeNull();
    expect(JSON.parse(localStorage.getItem(StorageKey.account) ?? '{}')).toMatchObject({
      session: null,
      loginId: 'demo01',
    });
  });

  it('session.refresh while logged in: any failure clears the account', async () => {
    let fail = false;
    const { machine } = harness({
      profile: async (a) =>
        fail ? { ok: false, error: { code: 'requestFailed' } } : { ok: true, value: account(a.account_id) },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    fail = true;
    actor.send({ type: 'session.refresh' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.account).toBeNull();
  });

  it('profile.reload updates the account; a second reload in flight gets requestProcessing', async () => {
    const pending = deferred<LoginOutcome>();
    let first = true;
    const { machine, calls } = harness({
      profile: (a) => {
        if (first) {
          first = false;
          return pending.promise;
        }
        return Promise.resolve({ ok: true, value: account(a.account_id) });
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches({ loggedIn: { reload: 'reloading' } }));
    actor.send({ type: 'profile.reload' });
    expect(notices.map((n) => n.code)).toEqual(['requestProcessing']);
    const renamed = account('demo01');
    pending.resolve({ ok: true, value: { ...renamed, info: { ...renamed.info, nickname: 'NewNick01' } } });
    const snap = await waitFor(actor, (s) => s.matches({ loggedIn: { reload: 'idle' } }));
    expect(snap.context.account?.info.nickname).toBe('NewNick01');
    expect(calls.profile).toHaveLength(1);
  });
});

describe('sessionMachine: balance', () => {
  it('uses the operator_type 2 call for operator_type 2 accounts and stores the three amounts', async () => {
    const { machine, calls } = harness({ login: async () => ({ ok: true, value: account('demo08', 2) }) });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo08', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'balance.refresh' });
    const snap = await waitFor(
      actor,
      (s) => s.matches({ loggedIn: { balance: 'idle' } }) && s.context.balance?.available === 1,
    );
    expect(calls.balance).toEqual([{ operatorType: 2 }]);
    expect(snap.context.balance).toEqual({ available: 1, cash: 2, outstanding: 3 });
  });

  it('a second balance request in flight gets requestProcessing', async () => {
    const pending = deferred<BalanceOutcome>();
    const { machine, calls } = harness({ balance: () => pending.promise });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'balance.refresh' });
    actor.send({ type: 'balance.refresh' });
    expect(notices.map((n) => n.code)).toEqual(['requestProcessing']);
    pending.resolve({
      ok: true,
      value: { balance: { available: 5, cash: 5, outstanding: 0 }, retrieveProfile: false },
    });
    await waitFor(actor, (s) => s.context.balance?.available === 5);
    expect(calls.balance).toHaveLength(1);
  });

  it('retrieve_profile in a balance reply triggers a profile reload', async () => {
    const { machine, calls } = harness({
      balance: async () => ({
        ok: true,
        value: { balance: { available: 9, cash: 9, outstanding: 0 }, retrieveProfile: true },
      }),
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'balance.refresh' });
    await waitFor(actor, (s) => s.matches({ loggedIn: { reload: 'reloading' } }));
    await waitFor(actor, (s) => s.matches({ loggedIn: { reload: 'idle' } }));
    expect(calls.profile).toHaveLength(1);
  });

  it("the account stream's wallet sets the balance without a call; its retrieve_profile reloads the profile", async () => {
    const { machine, calls } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    const balance = { available: 7, cash: 8, outstanding: 1 };
    actor.send({ type: 'balance.stream', balance, retrieveProfile: false });
    expect(actor.getSnapshot().context.balance).toEqual(balance);
    expect(calls.balance).toHaveLength(0);
    expect(calls.profile).toHaveLength(0);
    actor.send({ type: 'balance.stream', balance, retrieveProfile: true });
    await waitFor(actor, (s) => s.matches({ loggedIn: { reload: 'idle' } }) && calls.profile.length === 1);
    expect(calls.balance).toHaveLength(0);
  });

  it('session_expired on the balance call: warning toast, logout, go home, pop-ups closed', async () => {
    const { machine, calls } = harness({
      balance: async () => ({ ok: false, error: { code: 'session_expired' } }),
    });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'balance.refresh' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.account).toBeNull();
    expect(snap.context.balance).toBeNull();
    expect(notices[0]?.action).toMatchObject({
      kind: 'toastThenLogout',
      show: 'toast',
      severity: 'warning',
      goHome: true,
    });
    expect(calls.popupsClosed).toBe(1);
  });

  it('requestFailed marks the network failed and keeps the player logged in; a success clears it', async () => {
    let fail = true;
    const { machine } = harness({
      balance: async () =>
        fail
          ? { ok: false, error: { code: 'requestFailed' } }
          : {
              ok: true,
              value: { balance: { available: 1, cash: 1, outstanding: 0 }, retrieveProfile: false },
            },
    });
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'balance.refresh' });
    await waitFor(actor, (s) => s.context.network === 'failed');
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(notices[0]?.action.show).toBe('none');
    fail = false;
    actor.send({ type: 'balance.refresh' });
    await waitFor(actor, (s) => s.context.network === 'ok');
  });
});

describe('sessionMachine: switch account, errors, logout', () => {
  it('switch account replaces the account; a failed switch clears it', async () => {
    const { machine, calls } = harness({
      login: async (req) =>
        req.kind === 'switch' && req.account_id === 'bad'
          ? { ok: false, error: { code: 'invalid_password' } }
          : { ok: true, value: account(req.kind === 'token' ? 'x' : req.account_id) },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'account.switch', account_id: 'demo02', password: 'demo1234' });
    await waitFor(actor, (s) => s.context.account?.info.account_id === 'demo02');
    expect(calls.login[1]).toEqual({ kind: 'switch', account_id: 'demo02', password: 'demo1234' });
    actor.send({ type: 'account.switch', account_id: 'bad', password: 'demo1234' });
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(snap.context.account).toBeNull();
  });

  it('reported codes follow the catalogue: soft logged unless asked, silent nothing, notice, other dialog', async () => {
    const { machine } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'error.report', code: 'requestLimit' });
    actor.send({ type: 'error.report', code: 'requestLimit', callerWantsDialog: true });
    actor.send({ type: 'error.report', code: 'lotteryDisabled' });
    actor.send({ type: 'error.report', code: 'betNotExists' });
    actor.send({ type: 'error.report', code: 'betOverMax' });
    actor.send({ type: 'error.report', code: 'Upstream text with spaces' });
    expect(notices.map((n) => [n.action.kind, n.action.show])).toEqual([
      ['logOnly', 'none'],
      ['logThenDialog', 'dialog'],
      ['silent', 'none'],
      ['notice', 'notice'],
      ['dialog', 'dialog'],
      ['dialog', 'dialog'],
    ]);
    expect(notices[5]?.action.i18nKey).toBeNull();
    expect(notices[5]?.action.message).toBe('Upstream text with spaces');
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('a session code reported while logged out is an error dialog', () => {
    const { machine } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    const notices = collect(actor);
    actor.send({ type: 'error.report', code: 'BLOCK' });
    expect(notices[0]?.action).toMatchObject({ kind: 'dialogThenLogout', show: 'dialog' });
  });

  it('logout clears account and balance, forgets the session and closes every pop-up', async () => {
    const { machine, calls } = harness({});
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234', rememberMe: true });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'session.logout' });
    const snap = actor.getSnapshot();
    expect(snap.matches('loggedOut')).toBe(true);
    expect(snap.context.account).toBeNull();
    expect(snap.context.balance).toBeNull();
    expect(calls.popupsClosed).toBe(1);
    expect(JSON.parse(localStorage.getItem(StorageKey.account) ?? '{}')).toEqual({
      rememberMe: true,
      loginId: 'demo01',
      session: null,
    });
  });
});

describe('sessionMachine: every window of the app logs out together (session channel)', () => {
  /** A second window: its own session machine on its own end of the real channel. */
  function otherWindow() {
    const channel = createSessionChannel();
    const { machine, calls } = harness({});
    const actor = createActor(
      machine.provide({
        actors: { sessionChannel: sessionActors(accountCalls(api), () => channel).sessionChannel },
      }),
      { input: {} },
    ).start();
    return { actor, calls, channel };
  }

  it('a logout in one window logs the other out, closes its pop-ups and ends its balance polling', async () => {
    const a = createActor(harness({}).machine, { input: {} }).start();
    const b = otherWindow();
    a.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    b.actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(a, (s) => s.matches('loggedIn'));
    await waitFor(b.actor, (s) => s.matches('loggedIn'));
    a.send({ type: 'session.logout' });
    const snap = await waitFor(b.actor, (s) => s.matches('loggedOut'));
    expect(snap.context.account).toBeNull();
    expect(snap.context.balance).toBeNull();
    expect(snap.context.wentHome).toBe(true);
    expect(b.calls.popupsClosed).toBe(1);
    b.actor.send({ type: 'balance.refresh' });
    expect(b.calls.balance).toHaveLength(0);
    b.channel.close();
  });

  it('a session code in one window tells the others why (the catalogue toast)', async () => {
    const a = createActor(harness({}).machine, { input: {} }).start();
    const b = otherWindow();
    const notices = collect(b.actor);
    a.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    b.actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(a, (s) => s.matches('loggedIn'));
    await waitFor(b.actor, (s) => s.matches('loggedIn'));
    a.send({ type: 'error.report', code: 'session_expired' });
    await waitFor(b.actor, (s) => s.matches('loggedOut'));
    expect(notices.map((n) => [n.code, n.action.logout])).toEqual([['session_expired', true]]);
    b.channel.close();
  });

  it('a late logout does not drop a session another window logged in since', async () => {
    const b = otherWindow();
    b.actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(b.actor, (s) => s.matches('loggedIn'));
    rememberSession({ account_id: 'demo02', session_token: 'tok-demo02' }, false, null);
    const a = createSessionChannel();
    a.post({ type: 'logout' });
    a.close();
    await waitFor(b.actor, (s) => s.matches('loggedOut'));
    expect(readAccount().session).toEqual({ account_id: 'demo02', session_token: 'tok-demo02' });
    b.channel.close();
  });

  it("the odds stream's 4401 (a self post with its code) logs this window out with the toast", async () => {
    const b = otherWindow();
    const notices = collect(b.actor);
    b.actor.send({ type: 'login.password', account_id: 'demo01', password: 'demo1234' });
    await waitFor(b.actor, (s) => s.matches('loggedIn'));
    b.channel.post({ type: 'logout', code: 'invalidSession' }, { self: true });
    expect(b.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(notices.map((n) => n.code)).toEqual(['invalidSession']);
    expect(readAccount().session).toBeNull();
    b.channel.close();
  });
});
