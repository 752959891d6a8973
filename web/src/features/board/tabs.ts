/**
 * The board's tabs and market types: their own module (no board code), so the landing page's
 * stored-layout rules (account/layout.ts) read them without loading the board's view rules.
 */
import type { MarketType } from '@sportsbook/protocol';

export const MarketTabs = ['early', 'today', 'live', 'parlay'] as const;
export type MarketTab = (typeof MarketTabs)[number];

export const BoardMarketTypes = [
  'hdpou',
  '1x2',
  'oe',
  'cs',
  'htft',
  'fglg',
  'tg',
  'outright',
] as const satisfies readonly MarketType[];
