/**
 * Which switchable game products are off for the logged-in member (SPEC section 6):
 * the profile says so (`player_info.live_casino_disabled` / `mini_game_disabled`, protocol's
 * `isLiveCasinoDisabled` / `isMiniGameDisabled`), or a game call of this session answered the silent
 * code (`liveCasinoDisabled` / `MiniGameDisabled`). Nav hides the product's entry and its lobby shows
 * nothing, without a message. Small on purpose: Nav (the layout chunk) imports it.
 */
import { isLiveCasinoDisabled, isMiniGameDisabled } from '@sportsbook/protocol';
import { useSyncExternalStore } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { productOfCode, type SwitchedProduct } from './lobbies.ts';

let refusedToken: string | null = null;
let refused: ReadonlySet<SwitchedProduct> = new Set();
const listeners = new Set<() => void>();

/** Records a call's answer for the session: a silent product code switches that product off. */
export function noteGameCode(sessionToken: string, code: string): void {
  const product = productOfCode(code);
  if (!product) return;
  const base = refusedToken === sessionToken ? refused : new Set<SwitchedProduct>();
  if (base.has(product)) return;
  refusedToken = sessionToken;
  refused = new Set([...base, product]);
  for (const l of listeners) l();
}

/** The products a call of the session `token` answered with a silent code. */
export function refusedProducts(token: string | null): ReadonlySet<SwitchedProduct> {
  return token !== null && refusedToken === token ? refused : none;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: ReadonlySet<SwitchedProduct> = new Set();
const cache = new Map<string, ReadonlySet<SwitchedProduct>>();

/** The products off for `info` and the refusals of its session (the same Set while nothing changes). */
export type ProfileFlags = Parameters<typeof isLiveCasinoDisabled>[0] &
  Parameters<typeof isMiniGameDisabled>[0];

export function productsOff(
  info: ProfileFlags | null,
  refusedSet: ReadonlySet<SwitchedProduct>,
): ReadonlySet<SwitchedProduct> {
  if (!info) return none;
  const off: SwitchedProduct[] = [];
  if (isLiveCasinoDisabled(info) || refusedSet.has('livecasino')) off.push('livecasino');
  if (isMiniGameDisabled(info) || refusedSet.has('minigame')) off.push('minigame');
  const key = off.join(',');
  let set = cache.get(key);
  if (!set) {
    set = new Set(off);
    cache.set(key, set);
  }
  return set;
}

/** The products off for the logged-in member (profile flags and this session's silent answers). */
export function useProductsOff(): ReadonlySet<SwitchedProduct> {
  const account = useAccount();
  const token = account?.info.session_token ?? null;
  const refusedNow = useSyncExternalStore(subscribe, () => refusedProducts(token));
  return productsOff(account ? account.info : null, refusedNow);
}
