// @vitest-environment jsdom
/**
 * A window that boots while another window of the app logs out (a pop-up opened just before the
 * logout, a tab reloading): it follows the logout as a running window does, and a pop-up closes
 * itself, whether the logout came before it read the stored session, while it refreshed the kept
 * session, or before its session channel listened. The session channel is the real one (each
 * window its own end); the profile call is held by the test, so "still booting" is a state the
 * test controls.
 */
import type { LoggedInAccount } from '@sportsbook/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { createSessionChannel, type SessionChannel } from '../../shared/sessionChannel.ts';
import { accountCalls } from './accountApi.ts';
import { sessionActors, sessionMachine } from './sessionMachine.ts';
import { forgetSession, readAccount, rememberSession } from './storage.ts';

const kept: Auth = { account_id: 'demo01', session_token: 'tok-demo01' };

function account(auth: Auth): LoggedInAccount {
  return {
    info: {
      account_id: auth.account_id,
      session_token: auth.session_token,
      nickname: '',
      has_secondary_account: 0,
      operator_type: 1,
      parent_id: 'ag01',
      comm_type: 1,
    },
    wallet: { available_balance: 100, cash_balance: 120, frozen_balance: 20, currency_code: 'MYR' },
    betLimits: [],
  };
}

const channels: SessionChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});
beforeEach(() => localStorage.clear());

/** A booting window: its session machine on its own end of the channel, its profile call held
 * until `answer`, and how often it closed itself (closeThisPopup closes only a pop-up). */
function bootingWindow(storedSession: Auth | null) {
  const channel = createSessionChannel();
  channels.push(channel);
  let answer: () => void = () => {};
  const counts = { profile: 0, closedSelf: 0 };
  const machine = sessionMachine.provide({
    actors: {
      sessionChannel: sessionActors(accountCalls(api), () => channel).sessionChannel,
      profile: fromPromise<LoggedInAccount, Auth>(({ input }) => {
        counts.profile++;
        return new Promise((resolve) => {
          answer = () => resolve(account(input));
        });
      }),
    },
    actions: {
      closePopups: () => {},
      closeSelf: () => {
        counts.closedSelf++;
      },
    },
  });
  const actor = createActor(machine, { input: { storedSession } }).start();
  return { actor, counts, answer: () => answer() };
}

describe('a window booting while another logs out follows the logout', () => {
  it('a pop-up that boots after the logout (no session kept any more) closes itself, logged out', () => {
    const { actor, counts } = bootingWindow(readAccount().session);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(counts).toEqual({ profile: 0, closedSelf: 1 });
  });

  it('a logout heard while the kept session is being refreshed ends it: logged out, pop-up closed', async () => {
    rememberSession(kept, false, null);
    const { actor, counts, answer } = bootingWindow(readAccount().session);
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    // Heard before this window sees the store change (another process's storage syncs later).
    const other = createSessionChannel();
    other.post({ type: 'logout' });
    other.close();
    const snap = await waitFor(actor, (s) => s.matches('loggedOut'));
    answer();
    expect(snap.context.account).toBeNull();
    expect(snap.context.wentHome).toBe(true);
    expect(counts.closedSelf).toBe(1);
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
  });

  it('a logout sent before the channel listened: the refresh answers, the stored session is gone, logged out and closed', async () => {
    rememberSession(kept, false, null);
    const stored = readAccount().session;
    // The other window logs out between this window's read of the store and its channel listening.
    forgetSession(kept.session_token);
    const { actor, counts, answer } = bootingWindow(stored);
    answer();
    const snap = await waitFor(actor, (s) => !s.matches('restoring'));
    expect(snap.matches('loggedOut')).toBe(true);
    expect(snap.context.account).toBeNull();
    expect(counts).toEqual({ profile: 1, closedSelf: 1 });
  });

  it('with the session still kept the refresh logs the window in and closes nothing', async () => {
    rememberSession(kept, false, null);
    const { actor, counts, answer } = bootingWindow(readAccount().session);
    answer();
    const snap = await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(snap.context.account?.info.session_token).toBe(kept.session_token);
    expect(counts).toEqual({ profile: 1, closedSelf: 0 });
  });
});
