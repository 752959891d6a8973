/**
 * The e-sports lobby's data: the live and upcoming series from the gateway's shared topic
 * `list/esports` (`esports2live` polled once for every player), and where each series' markets
 * are priced: the odds stream's sport 43 boards (live, today, early), indexed by match.
 */
import { type EsportsListModel, esportsLobbyOf, type MarketOdds } from '@sportsbook/protocol';
import { useCallback } from 'react';
import { useTopicSelector, useTopicView } from '../../shared/stream/react.tsx';
import { boardTopic } from '../board/view.ts';
import type { EsportsLobby } from './esportsApi.ts';
import { ESportsId, type MarketIds, marketIndex, sameIndex } from './view.ts';

/** The e-sports lobby's live and upcoming series: one gateway topic for every player. */
export const EsportsTopic = 'list/esports';
const Topics = (['live', 'today', 'early'] as const).map((tab) => boardTopic(ESportsId, 'hdpou', tab));
const NoIndex = new Map<number, MarketIds>();

/** A series' markets: the board topic that prices them and their odds ids. */
export type Located = { topic: string; ids: MarketIds };

/** The lobby (null until the topic's first model). */
export function useEsportsLobby(): EsportsLobby | null {
  return useTopicView<EsportsListModel, EsportsLobby>(EsportsTopic, esportsLobbyOf).model;
}

/** Finds a series' markets on the sport's boards (undefined while no board prices it). */
export function useMarkets(): (matchId: number) => Located | undefined {
  const select = (view: { model: { odds?: Record<string, MarketOdds> } | null }) =>
    view.model ? marketIndex(view.model.odds) : NoIndex;
  const live = useTopicSelector(Topics[0] ?? null, select, sameIndex);
  const today = useTopicSelector(Topics[1] ?? null, select, sameIndex);
  const early = useTopicSelector(Topics[2] ?? null, select, sameIndex);
  return useCallback(
    (matchId: number) => {
      const found = [live, today, early].findIndex((index) => index.has(matchId));
      const topic = Topics[found];
      const ids = [live, today, early][found]?.get(matchId);
      return topic && ids ? { topic, ids } : undefined;
    },
    [live, today, early],
  );
}
