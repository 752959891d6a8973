/**
 * The session channel: messages between every window of the app in one browser profile
 * (tabs, pop-ups, windows opened before a reload), so that a logout in one reaches all of them at
 * once (SPEC section 2: on logout every pop-up closes). A BroadcastChannel where the browser has
 * one; otherwise `storage` events on a transient localStorage key (written and removed at once).
 * A message reaches the other windows, not the one that posted it, unless `self` asks for it (the
 * odds stream's 4401 ends this window's session as well as the others').
 *
 * Kinds: `logout` (with the catalogue code that ended the session, if a code did) and
 * `settings.changed` (for windows that show the layout preferences). The latter carries
 * the stored layout itself (unchecked here: the receiver parses it): Chromium syncs localStorage to
 * other renderer processes asynchronously, so a window that read the store on the message could
 * read the value from before the change and keep it (seen as a flake of e2e `otherWindow`).
 */
export type SessionMessage =
  | { type: 'logout'; code?: string }
  | { type: 'settings.changed'; layout?: unknown };

export type SessionListener = (message: SessionMessage) => void;

export interface SessionChannel {
  /** Tells the other windows (and this one too with `self`). */
  post(message: SessionMessage, options?: { self?: boolean }): void;
  /** Hears the messages of the other windows (and `self` posts of this one). */
  subscribe(listener: SessionListener): () => void;
  close(): void;
}

export const SessionChannelName = 'sportsbook.session';
/** The fallback's transient key: set to a message and removed again, so it never holds state. */
export const SessionChannelKey = 'sportsbook.session.message';

/** A message from another window, checked: anything else is ignored. */
export function parseSessionMessage(value: unknown): SessionMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, code, layout } = value as { type?: unknown; code?: unknown; layout?: unknown };
  if (type === 'logout') {
    return typeof code === 'string' && code !== '' ? { type: 'logout', code } : { type: 'logout' };
  }
  if (type === 'settings.changed') return layout === undefined ? { type } : { type, layout };
  return null;
}

interface ChannelEnv {
  BroadcastChannel?: typeof BroadcastChannel;
  localStorage?: Storage;
  addEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
  removeEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
}

function storageOf(env: ChannelEnv): Storage | null {
  try {
    return env.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A channel over `env`'s BroadcastChannel, else its storage events (tests pass their own env). */
export function createSessionChannel(env: ChannelEnv = globalThis as ChannelEnv): SessionChannel {
  const listeners = new Set<SessionListener>();
  const deliver = (value: unknown) => {
    const message = parseSessionMessage(value);
    if (message) for (const listener of [...listeners]) listener(message);
  };
  let send: (message: SessionMessage) => void = () => {};
  let stop: () => void = () => {};

  if (typeof env.BroadcastChannel === 'function') {
    const channel = new env.BroadcastChannel(SessionChannelName);
    channel.onmessage = (event) => deliver(event.data);
    // Node (unit tests): an open channel must not keep the process alive.
    (channel as { unref?: () => void }).unref?.();
    send = (message) => channel.postMessage(message);
    stop = () => channel.close();
  } else {
    const storage = storageOf(env);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SessionChannelKey || event.newValue === null) return;
      try {
        deliver((JSON.parse(event.newValue) as { message?: unknown }).message);
      } catch {
        // Not ours.
      }
    };
    env.addEventListener?.('storage', onStorage);
    let n = 0;
    send = (message) => {
      try {
        // The nonce makes a repeated message a change, so it fires again.
        storage?.setItem(SessionChannelKey, JSON.stringify({ message, nonce: `${Date.now()}-${n++}` }));
        storage?.removeItem(SessionChannelKey);
      } catch {
        // Storage disabled: this window cannot tell the others.
      }
    };
    stop = () => env.removeEventListener?.('storage', onStorage);
  }

  return {
    post(message, options) {
      send(message);
      if (options?.self) deliver(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}

let shared: SessionChannel | null = null;

/** This window's channel (made on first use). */
export function sessionChannel(): SessionChannel {
  shared ??= createSessionChannel();
  return shared;
}
