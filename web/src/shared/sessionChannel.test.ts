// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionChannel,
  parseSessionMessage,
  type SessionChannel,
  SessionChannelKey,
  type SessionMessage,
} from './sessionChannel.ts';

const open: SessionChannel[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

function channel(env?: Parameters<typeof createSessionChannel>[0]): SessionChannel {
  const c = createSessionChannel(env);
  open.push(c);
  return c;
}

function heard(c: SessionChannel): SessionMessage[] {
  const got: SessionMessage[] = [];
  c.subscribe((m) => got.push(m));
  return got;
}

/** BroadcastChannel delivers asynchronously. */
const until = (list: unknown[], n: number) => vi.waitFor(() => expect(list.length).toBeGreaterThanOrEqual(n));

describe('session channel', () => {
  it('tells the other windows (BroadcastChannel), not the one that posted unless asked', async () => {
    const a = channel();
    const b = channel();
    const fromA = heard(a);
    const fromB = heard(b);
    a.post({ type: 'logout' });
    a.post({ type: 'logout', code: 'invalidSession' }, { self: true });
    await until(fromB, 2);
    expect(fromB).toEqual([{ type: 'logout' }, { type: 'logout', code: 'invalidSession' }]);
    expect(fromA).toEqual([{ type: 'logout', code: 'invalidSession' }]);
  });

  it('an unsubscribed listener hears nothing more', async () => {
    const a = channel();
    const b = channel();
    const got: SessionMessage[] = [];
    const stop = b.subscribe((m) => got.push(m));
    const after = heard(b);
    stop();
    a.post({ type: 'settings.changed' });
    await until(after, 1);
    expect(after).toEqual([{ type: 'settings.changed' }]);
    expect(got).toEqual([]);
  });

  it('falls back to storage events where there is no BroadcastChannel, leaving the key empty', () => {
    // Two windows over one localStorage: the browser fires `storage` in every window but the writer.
    const other = new EventTarget();
    const shared = globalThis.localStorage;
    const writer = channel({
      localStorage: {
        ...shared,
        getItem: (k: string) => shared.getItem(k),
        removeItem: (k: string) => shared.removeItem(k),
        setItem: (k: string, v: string) => {
          const oldValue = shared.getItem(k);
          shared.setItem(k, v);
          other.dispatchEvent(new StorageEvent('storage', { key: k, oldValue, newValue: v }));
        },
      } as Storage,
    });
    const reader = channel({
      addEventListener: (type, fn) => other.addEventListener(type, fn as EventListener),
      removeEventListener: (type, fn) => other.removeEventListener(type, fn as EventListener),
    });
    const got = heard(reader);
    writer.post({ type: 'logout' });
    writer.post({ type: 'logout' });
    expect(got).toEqual([{ type: 'logout' }, { type: 'logout' }]);
    expect(shared.getItem(SessionChannelKey)).toBeNull();
  });

  it('ignores anything that is not a session message', () => {
    expect(parseSessionMessage(null)).toBeNull();
    expect(parseSessionMessage('logout')).toBeNull();
    expect(parseSessionMessage({ type: 'login' })).toBeNull();
    expect(parseSessionMessage({ type: 'logout', code: 7 })).toEqual({ type: 'logout' });
    expect(parseSessionMessage({ type: 'logout', code: 'sessionExpired' })).toEqual({
      type: 'logout',
      code: 'sessionExpired',
    });
  });
});
