/**
 * Odds held until the player refreshes (`autoRefreshOdds` off, SPEC sections 3 and 9).
 * The feed is not touched: the topics stay subscribed and their models keep moving; what a page
 * shows of a held collection (`odds`: prices, lines, status of a price row) is the entity as it was
 * the first time the page showed it under this hold. A row the page had not shown yet (a new line,
 * a page turned, a tab opened) is taken as it is then, and held from then on. `useTopicEntity`
 * (react.tsx) reads through the hold of its `PriceHoldContext`; a refresh is a new hold (every
 * price shown is then the current one). Without a hold (auto-refresh on) nothing changes.
 */
import { createContext } from 'react';

/** The collections a hold keeps: the price rows. Matches (score, clock) stay live. */
export const HeldCollections: ReadonlySet<string> = new Set(['odds']);

export interface PriceHold {
  /**
   * What to show of `topic`'s `coll[key]` given its live value: the held value once it has been
   * shown, else the live one (which is held from now on; an absent entity is not).
   */
  entity<E>(topic: string, coll: string, key: string, live: E | undefined): E | undefined;
  /** Whether some held entity of `topic` differs from `current` (its live model): newer prices wait. */
  behind(topic: string, current: Readonly<Record<string, unknown>> | null): boolean;
}

export function createPriceHold(): PriceHold {
  // topic -> collection -> key -> the entity as first shown.
  const held = new Map<string, Map<string, Map<string, unknown>>>();
  return {
    entity<E>(topic: string, coll: string, key: string, live: E | undefined): E | undefined {
      if (!HeldCollections.has(coll)) return live;
      let byColl = held.get(topic);
      if (!byColl) {
        byColl = new Map();
        held.set(topic, byColl);
      }
      let byKey = byColl.get(coll);
      if (!byKey) {
        byKey = new Map();
        byColl.set(coll, byKey);
      }
      if (byKey.has(key)) return byKey.get(key) as E;
      if (live !== undefined) byKey.set(key, live);
      return live;
    },
    behind(topic, current) {
      const byColl = held.get(topic);
      if (!byColl || current === null) return false;
      for (const [coll, byKey] of byColl) {
        const live = current[coll];
        const entities =
          typeof live === 'object' && live !== null && !Array.isArray(live)
            ? (live as Record<string, unknown>)
            : {};
        // Deltas keep an unchanged entity's identity (protocol applyDelta): identity is the test.
        for (const [key, value] of byKey) if (entities[key] !== value) return true;
      }
      return false;
    },
  };
}

/** The page's hold (null: prices are applied as they come). */
export const PriceHoldContext = createContext<PriceHold | null>(null);
