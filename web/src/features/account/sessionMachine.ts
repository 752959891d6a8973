/**
 * The player's session (SPEC section 4, DESIGN.md "The web client"): normal login, switch account,
 * token launch, profile reload, session refresh, balance (vuserbalance for operator_type 2),
 * retrieve_profile, logout. Every reply code goes through the error catalogue here (uiActionFor):
 * the machine emits `notify` with the resolved UiAction for the UI to show, logs out on the session
 * codes, and marks the network failed on requestFailed.
 *
 * One login, balance or reload in flight at a time (SPEC section 4): a second request while one
 * runs is answered with `requestProcessing` (a soft code: logged, not shown). Settings have the same
 * rule in preferencesMachine.
 */
import {
  type LoggedInAccount,
  type UiAction,
  uiActionFor,
  type ValidationError,
  validateLogin,
  validateTokenLogin,
} from '@sportsbook/protocol';
import { assertEvent, assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate';
import { api } from '../../shared/api.ts';
import { closeAllPopups, closeThisPopup } from '../../shared/popups.ts';
import { type Auth, CallFailure, failureCode, type Outcome } from '../../shared/result.ts';
import { type SessionChannel, sessionChannel } from '../../shared/sessionChannel.ts';
import { type AccountCalls, accountCalls, authOf, type Balance, balanceFromWallet } from './accountApi.ts';
import { forgetSession, readAccount, rememberSession } from './storage.ts';

/*
 * No balance timer: the layout's account stream (`account/<id>`, AccountStreamSync)
 * sends `balance.stream` whenever the gateway's poll of the account moves the wallet, and a
 * session the upstream refuses closes the stream with 4401. `balance.refresh` stays for one-off asks.
 */

export type LoginRequest =
  | { kind: 'password'; account_id: string; password: string }
  | { kind: 'switch'; account_id: string; password: string }
  | { kind: 'token'; token: string };

export interface SessionInput {
  /** `?token=` of the landing URL (token launch). */
  launchToken?: string | null;
  /** A session kept from before a reload (storage.ts); refreshed before it is trusted. */
  storedSession?: Auth | null;
}

export interface SessionContext {
  account: LoggedInAccount | null;
  balance: Balance | null;
  loginErrors: ValidationError[];
  /** The last catalogue code a call of this machine answered with (null after a success). */
  lastCode: string | null;
  network: 'ok' | 'failed';
  /** Carried from the login form to storage on success. */
  rememberMe: boolean;
  launchToken: string | null;
  storedSession: Auth | null;
  /** The player left on purpose or was logged out by a session code: the guard sends them to the
   * bare root, not back with `?redirect=` to the page they were on. */
  wentHome: boolean;
}

export type SessionEvent =
  | { type: 'login.password'; account_id: string; password: string; rememberMe?: boolean }
  | { type: 'login.token'; token: string }
  | { type: 'account.switch'; account_id: string; password: string }
  | { type: 'profile.reload' }
  | { type: 'session.refresh' }
  | { type: 'balance.refresh' }
  /** The account stream's wallet (AccountStreamSync); `retrieveProfile` asks for a profile reload. */
  | { type: 'balance.stream'; balance: Balance; retrieveProfile: boolean }
  | { type: 'session.logout' }
  /** Another window of the app logged out (or the odds stream's 4401, with its code): the session
   * channel says so, and this window follows without telling the others again. */
  | { type: 'session.ended'; code?: string }
  | { type: 'error.report'; code: string; callerWantsDialog?: boolean };

export type SessionEmitted = { type: 'session.notify'; code: string; action: UiAction };

/** A login (password, switch or token) the upstream refused, with its catalogue code. */
export class LoginRefused extends CallFailure {
  constructor(code: string) {
    super(code);
    this.name = 'LoginRefused';
  }
}

/** A logged-in call answered a session code (the catalogue's logout group): the session is over. */
export class SessionExpired extends CallFailure {
  constructor(code: string) {
    super(code);
    this.name = 'SessionExpired';
  }
}

/** A logged-in call failed with any other code (the session holds). */
export class SessionCallFailed extends CallFailure {
  constructor(code: string) {
    super(code);
    this.name = 'SessionCallFailed';
  }
}

/** A login's account, or LoginRefused with its code. */
export function loginValue<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new LoginRefused(outcome.error.code);
}

/** A logged-in call's value, or SessionExpired (a session code) or SessionCallFailed. */
export function sessionValue<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { code } = outcome.error;
  throw uiActionFor(code, { loggedIn: true }).logout ? new SessionExpired(code) : new SessionCallFailed(code);
}

/** What the balance actor resolves with. */
export interface BalanceValue {
  balance: Balance;
  retrieveProfile: boolean;
}

interface NotifyParams {
  code: string;
  /** Whether the player was logged in when the code arrived (toast vs dialog for session codes). */
  loggedIn: boolean;
  callerWantsDialog?: boolean;
}

export function sessionActors(calls: AccountCalls, channel: () => SessionChannel = sessionChannel) {
  return {
    /** While logged in: a logout of any other window of the app (session channel) ends this one. */
    sessionChannel: fromCallback<{ type: 'logout' }, undefined, { type: 'session.ended'; code?: string }>(
      ({ sendBack }) =>
        channel().subscribe((message) => {
          if (message.type === 'logout') {
            sendBack(
              message.code ? { type: 'session.ended', code: message.code } : { type: 'session.ended' },
            );
          }
        }),
    ),
    login: fromPromise<LoggedInAccount, LoginRequest>(async ({ input, signal }) => {
      if (input.kind === 'token') return loginValue(await calls.tokenLogin(input.token, signal));
      const body = { account_id: input.account_id, password: input.password };
      return loginValue(
        await (input.kind === 'switch' ? calls.switchLogin(body, signal) : calls.login(body, signal)),
      );
    }),
    profile: fromPromise<LoggedInAccount, Auth>(async ({ input, signal }) =>
      sessionValue(await calls.profile(input, signal)),
    ),
    balance: fromPromise<BalanceValue, { auth: Auth; parentId: string | number; operatorType: number }>(
      async ({ input, signal }) =>
        sessionValue(await calls.balance(input.auth, input.parentId, input.operatorType, signal)),
    ),
  };
}

/** A failed call's code: noted (with the network state it implies), then told to the UI. A login
 * the player asked for wants its answer shown (`callerWantsDialog`): a soft code such as
 * `loginLimit` ("You have login too frequent...", SPEC section 8) is a dialog there, not only logged. */
const reportFailure = (loggedIn: boolean, callerWantsDialog = false) =>
  [
    {
      type: 'noteCode',
      params: ({ event }: { event: { error: unknown } }) => ({ code: failureCode(event.error) }),
    },
    {
      type: 'notify',
      params: ({ event }: { event: { error: unknown } }) => ({
        code: failureCode(event.error),
        loggedIn,
        callerWantsDialog,
      }),
    },
  ] as const;

/** Leaving the logged-in state: pop-ups closed, account and stored session dropped, back home,
 * every other window told (session channel), and this window closed if it is a pop-up. The stored
 * session goes before the others are told: a window that hears the logout (or boots after it)
 * finds no session kept. */
const leaveSession = [
  'closePopups',
  'forgetOwnSession',
  'tellOtherWindows',
  'clearAccount',
  'markWentHome',
  'closeSelf',
] as const;

/** Another window logged out: the same, without telling the others again. */
const followLogout = [
  'closePopups',
  'forgetOwnSession',
  'clearAccount',
  'markWentHome',
  'closeSelf',
] as const;

/** Another window ended the session (session channel): followed, with the code's toast when a
 * session code ended it. */
const sessionEnded = [
  {
    guard: ({ event }: { event: { code?: string } }) => event.code !== undefined,
    target: '#session.loggedOut',
    actions: [
      {
        type: 'notify',
        params: ({ event }: { event: { code?: string } }) => ({ code: event.code ?? '', loggedIn: true }),
      },
      ...followLogout,
    ],
  },
  { target: '#session.loggedOut', actions: [...followLogout] },
] as const;

/** A logged-in call that failed: a session code logs the player out; any other code is reported
 * and the region goes back to idle. */
const failedWhileLoggedIn = [
  {
    guard: { type: 'logsOut', params: ({ event }: { event: { error: unknown } }) => event.error },
    target: '#session.loggedOut',
    actions: [...reportFailure(true), ...leaveSession],
  },
  { target: 'idle', actions: [...reportFailure(true)] },
] as const;

type LoginDone = { event: { output: LoggedInAccount } };

/** A login that succeeded: the account is set and the session kept (with the login id). */
const loginSucceeded = <T extends string>(target: T) =>
  ({
    target,
    actions: [
      { type: 'setAccount', params: ({ event }: LoginDone) => event.output },
      {
        type: 'persistSession',
        params: ({ event }: LoginDone) => ({ loginId: event.output.info.account_id }),
      },
    ],
  }) as const;

/** The answer to a request while the same one still runs (a soft code: logged, not shown). */
const busy = (loggedIn: boolean) =>
  ({ actions: { type: 'notify', params: { code: 'requestProcessing', loggedIn } } }) as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: sessionActors(accountCalls(api)),
  guards: {
    hasLaunchToken: ({ context }) => context.launchToken !== null && context.launchToken !== '',
    hasStoredSession: ({ context }) => context.storedSession !== null,
    /** The kept session being restored is no longer the stored one: another window ended it (a
     * logout, maybe before this window's session channel listened) while this one booted. */
    storedSessionEnded: ({ context }) =>
      readAccount().session?.session_token !== context.storedSession?.session_token,
    loginFormValid: ({ event }) => {
      assertEvent(event, ['login.password', 'account.switch']);
      return validateLogin({ account_id: event.account_id, password: event.password }).length === 0;
    },
    tokenValid: ({ event }) => {
      assertEvent(event, 'login.token');
      return validateTokenLogin({ token: event.token }).length === 0;
    },
    /** A failed call whose code logs the player out (the catalogue's session group). */
    logsOut: (_, error: unknown) => error instanceof SessionExpired,
    reportLogsOut: ({ event }) => {
      assertEvent(event, 'error.report');
      return uiActionFor(event.code, { loggedIn: true }).logout;
    },
    streamAsksProfile: ({ event }) => {
      assertEvent(event, 'balance.stream');
      return event.retrieveProfile;
    },
    retrieveProfile: (_, output: BalanceValue) => output.retrieveProfile,
  },
  actions: {
    /** Resolves a code through the catalogue and tells the UI (and the network state). */
    notify: emit((_, params: NotifyParams) => ({
      type: 'session.notify' as const,
      code: params.code,
      action: uiActionFor(params.code, {
        loggedIn: params.loggedIn,
        callerWantsDialog: params.callerWantsDialog === true,
      }),
    })),
    /** The last code, and the network state the catalogue asks for (requestFailed marks it failed). */
    noteCode: assign((_, params: { code: string }) => ({
      lastCode: params.code,
      ...(uiActionFor(params.code, { loggedIn: true }).markNetworkFailed
        ? { network: 'failed' as const }
        : {}),
    })),
    raiseReload: raise({ type: 'profile.reload' }),
    setLoginErrors: assign({
      loginErrors: ({ event }) => {
        assertEvent(event, ['login.password', 'account.switch', 'login.token']);
        return event.type === 'login.token'
          ? validateTokenLogin({ token: event.token })
          : validateLogin({ account_id: event.account_id, password: event.password });
      },
    }),
    clearLoginErrors: assign({ loginErrors: [] }),
    noteRememberMe: assign({
      rememberMe: ({ event }) => {
        assertEvent(event, 'login.password');
        return event.rememberMe === true;
      },
    }),
    setAccount: assign((_, account: LoggedInAccount) => ({
      account,
      balance: balanceFromWallet(account),
      lastCode: null,
      network: 'ok' as const,
    })),
    updateAccount: assign((_, account: LoggedInAccount) => ({
      account,
      lastCode: null,
      network: 'ok' as const,
    })),
    setBalance: assign((_, output: BalanceValue) => ({
      balance: output.balance,
      lastCode: null,
      network: 'ok' as const,
    })),
    setStreamBalance: assign(({ event }) => {
      assertEvent(event, 'balance.stream');
      return { balance: event.balance, lastCode: null, network: 'ok' as const };
    }),
    clearAccount: assign({ account: null, balance: null, storedSession: null, launchToken: null }),
    markWentHome: assign({ wentHome: true }),
    persistSession: ({ context }, params: { loginId: string | null }) => {
      if (context.account) rememberSession(authOf(context.account), context.rememberMe, params.loginId);
    },
    forgetSession: () => forgetSession(),
    /** Forgets the stored session if it is still this window's (another window may hold a newer one). */
    forgetOwnSession: ({ context }) => {
      const token = context.account?.info.session_token;
      if (token !== undefined) forgetSession(token);
    },
    closePopups: () => {
      closeAllPopups();
    },
    /** A pop-up window of the app closes itself on logout (SPEC section 2). */
    closeSelf: () => closeThisPopup(),
    /** Tells every other window of the app that the session ended, with the code when a session
     * code ended it (so they say why); a plain logout or a failed switch login carries none. */
    tellOtherWindows: ({ event }) => {
      const code =
        event.type === 'error.report' ? event.code : 'error' in event ? failureCode(event.error) : undefined;
      const sessionCode = code !== undefined && uiActionFor(code, { loggedIn: true }).logout;
      sessionChannel().post(sessionCode ? { type: 'logout', code } : { type: 'logout' });
    },
    consumeLaunchToken: assign({ launchToken: null }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    account: null,
    balance: null,
    loginErrors: [],
    lastCode: null,
    network: 'ok',
    rememberMe: false,
    launchToken: input?.launchToken ?? null,
    storedSession: input?.storedSession ?? null,
    wentHome: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasLaunchToken', target: 'authenticating.token' },
        { guard: 'hasStoredSession', target: 'restoring' },
        // No session kept: a pop-up of the app (opened by a logged-in window, which keeps its
        // session) booting now was opened by a window whose session ended while it loaded: it
        // closes itself (closeThisPopup); a tab, or a pop-up that may not close, shows the logged-out state.
        { target: 'loggedOut', actions: 'closeSelf' },
      ],
    },
    /** Session refresh of a kept session (reload, pop-up window): failure clears the account. A
     * logout of another window while it runs (heard, or seen in storage when the refresh answers)
     * ends it as it ends a logged-in window, pop-up closed. */
    restoring: {
      on: { 'session.ended': sessionEnded },
      invoke: [
        { src: 'sessionChannel' },
        {
          src: 'profile',
          input: ({ context }) => context.storedSession as Auth,
          onDone: [
            { guard: 'storedSessionEnded', target: 'loggedOut', actions: [...followLogout] },
            {
              target: 'loggedIn',
              actions: [{ type: 'setAccount', params: ({ event }) => event.output }],
            },
          ],
          onError: {
            target: 'loggedOut',
            actions: ['clearAccount', 'forgetSession', ...reportFailure(false)],
          },
        },
      ],
    },
    loggedOut: {
      on: {
        'login.password': [
          {
            guard: 'loginFormValid',
            target: 'authenticating.password',
            actions: ['clearLoginErrors', 'noteRememberMe'],
          },
          { actions: 'setLoginErrors' },
        ],
        'login.token': [
          { guard: 'tokenValid', target: 'authenticating.token', actions: 'clearLoginErrors' },
          { actions: 'setLoginErrors' },
        ],
        'error.report': {
          actions: [
            { type: 'noteCode', params: ({ event }) => ({ code: event.code }) },
            {
              type: 'notify',
              params: ({ event }) => ({
                code: event.code,
                loggedIn: false,
                callerWantsDialog: event.callerWantsDialog === true,
              }),
            },
          ],
        },
      },
    },
    authenticating: {
      on: {
        'login.password': busy(false),
        'login.token': busy(false),
      },
      initial: 'password',
      states: {
        password: {
          invoke: {
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'login.password');
              return {
                kind: 'password' as const,
                account_id: event.account_id.trim(),
                password: event.password,
              };
            },
            onDone: loginSucceeded('#session.loggedIn'),
            onError: {
              target: '#session.loggedOut',
              actions: ['clearAccount', 'forgetSession', ...reportFailure(false, true)],
            },
          },
        },
        token: {
          entry: 'forgetSession',
          invoke: {
            src: 'login',
            input: ({ context, event }) => ({
              kind: 'token' as const,
              token: event.type === 'login.token' ? event.token : (context.launchToken ?? ''),
            }),
            onDone: {
              target: '#session.loggedIn',
              actions: [
                'consumeLaunchToken',
                { type: 'setAccount', params: ({ event }) => event.output },
                { type: 'persistSession', params: { loginId: null } },
              ],
            },
            onError: {
              target: '#session.loggedOut',
              actions: ['clearAccount', ...reportFailure(false, true)],
            },
          },
        },
      },
    },
    loggedIn: {
      type: 'parallel',
      invoke: [{ src: 'sessionChannel' }],
      on: {
        'balance.stream': [
          { guard: 'streamAsksProfile', actions: ['setStreamBalance', 'raiseReload'] },
          { actions: 'setStreamBalance' },
        ],
        'session.logout': {
          target: 'loggedOut',
          actions: [...leaveSession],
        },
        'session.ended': sessionEnded,
        'error.report': [
          {
            guard: 'reportLogsOut',
            target: 'loggedOut',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({ code: event.code, loggedIn: true }),
              },
              ...leaveSession,
            ],
          },
          {
            actions: [
              { type: 'noteCode', params: ({ event }) => ({ code: event.code }) },
              {
                type: 'notify',
                params: ({ event }) => ({
                  code: event.code,
                  loggedIn: true,
                  callerWantsDialog: event.callerWantsDialog === true,
                }),
              },
            ],
          },
        ],
        'login.password': busy(true),
      },
      states: {
        balance: {
          initial: 'idle',
          states: {
            idle: { on: { 'balance.refresh': 'fetching' } },
            fetching: {
              on: {
                'balance.refresh': busy(true),
              },
              invoke: {
                src: 'balance',
                input: ({ context }) => {
                  const account = context.account as LoggedInAccount;
                  return {
                    auth: authOf(account),
                    parentId: account.info.parent_id,
                    operatorType: account.info.operator_type,
                  };
                },
                onDone: [
                  {
                    guard: { type: 'retrieveProfile', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: [
                      { type: 'setBalance', params: ({ event }) => event.output },
                      // SPEC section 4: retrieve_profile triggers a profile reload.
                      'raiseReload',
                    ],
                  },
                  { target: 'idle', actions: { type: 'setBalance', params: ({ event }) => event.output } },
                ],
                onError: [...failedWhileLoggedIn],
              },
            },
          },
        },
        reload: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.reload': 'reloading',
                'session.refresh': 'refreshing',
              },
            },
            reloading: {
              on: {
                'profile.reload': busy(true),
                'session.refresh': busy(true),
              },
              invoke: {
                src: 'profile',
                input: ({ context }) => authOf(context.account as LoggedInAccount),
                onDone: {
                  target: 'idle',
                  actions: { type: 'updateAccount', params: ({ event }) => event.output },
                },
                onError: [...failedWhileLoggedIn],
              },
            },
            /** Session refresh: any failure clears the account (SPEC section 4). */
            refreshing: {
              on: {
                'profile.reload': busy(true),
                'session.refresh': busy(true),
              },
              invoke: {
                src: 'profile',
                input: ({ context }) => authOf(context.account as LoggedInAccount),
                onDone: {
                  target: 'idle',
                  actions: { type: 'updateAccount', params: ({ event }) => event.output },
                },
                onError: {
                  target: '#session.loggedOut',
                  actions: [...reportFailure(true), ...leaveSession],
                },
              },
            },
          },
        },
        switching: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'account.switch': [
                  { guard: 'loginFormValid', target: 'running', actions: 'clearLoginErrors' },
                  { actions: 'setLoginErrors' },
                ],
              },
            },
            running: {
              on: {
                'account.switch': busy(true),
              },
              invoke: {
                src: 'login',
                input: ({ event }) => {
                  assertEvent(event, 'account.switch');
                  return {
                    kind: 'switch' as const,
                    account_id: event.account_id.trim(),
                    password: event.password,
                  };
                },
                onDone: loginSucceeded('idle'),
                // SPEC section 4: a failed login (of any route) clears the account.
                onError: {
                  target: '#session.loggedOut',
                  actions: [...reportFailure(false, true), ...leaveSession],
                },
              },
            },
          },
        },
      },
    },
  },
});
