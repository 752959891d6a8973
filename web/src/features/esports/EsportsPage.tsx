/**
 * /esports2, the e-sports lobby: game tabs, live series with their maps and the round
 * (or kill) score of the map in play, upcoming series with their GMT+8 start, and three markets per
 * series (match winner, map handicap, total maps) priced live from the odds stream's sport 43
 * boards. A price goes to the bet slip (the board's OddsCell and BetSlip); the series state comes
 * from the gateway's shared topic `list/esports` (`esports2live` polled once for every player).
 */
import {
  type EsportsEvent,
  type EsportsListModel,
  esportsLobbyOf,
  formatGmt8,
  type MarketOdds,
  type OddsFormat,
} from '@sportsbook/protocol';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useAccount } from '../../app/contexts.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import {
  OddsStreamProvider,
  useTopicEntity,
  useTopicSelector,
  useTopicView,
} from '../../shared/stream/react.tsx';
import { BetSlip } from '../betslip/BetSlip.tsx';
import type { Selection } from '../betslip/types.ts';
import { useSlipActor } from '../betslip/useSlipActor.ts';
import { BoardText, OddsCell, type PickHandler } from '../board/OddsCell.tsx';
import { boardTopic, formatLine, pickLabel, signedLine } from '../board/view.ts';
import '../board/board.css';
import './esports.css';
import type { EsportsLobby } from './esportsApi.ts';
import { useEsportsText } from './i18n/index.ts';
import { ESportsId, lobbySections, type MarketIds, marketIndex, sameIndex } from './view.ts';

/** The e-sports lobby's live and upcoming series: one gateway topic for every player. */
export const EsportsTopic = 'list/esports';
const Topics = (['live', 'today', 'early'] as const).map((tab) => boardTopic(ESportsId, 'hdpou', tab));
const NoIndex = new Map<number, MarketIds>();

export default function EsportsPage() {
  const account = useAccount();
  const credentials = account
    ? { account_id: account.info.account_id, session_token: account.info.session_token }
    : null;
  return <OddsStreamProvider credentials={credentials}>{account ? <Lobby /> : null}</OddsStreamProvider>;
}

type Located = { topic: string; ids: MarketIds };

function useMarkets(): (matchId: number) => Located | undefined {
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

function Lobby() {
  const { t } = useEsportsText();
  const book = useBook();
  const { slip, format, viewOnly } = useSlipActor();
  const lobby: EsportsLobby | null = useTopicView<EsportsListModel, EsportsLobby>(
    EsportsTopic,
    esportsLobbyOf,
  ).model;
  const [game, setGame] = useState('all');
  const markets = useMarkets();

  const onPick = useCallback(
    (event: EsportsEvent, topic: string) =>
      (odds: MarketOdds, index: number): void => {
        const teams = { home: event.home, away: event.away };
        const selection: Selection = {
          topic,
          oddsId: odds.id,
          matchId: odds.matchId,
          sportId: ESportsId,
          leagueName: event.league_name,
          ...teams,
          betType: odds.betType,
          selection: index,
          line: odds.line,
          price: odds.prices[index] ?? 0,
          // Match winner: the team; handicap and total: the board's own labels ("Team -1.5", "Over 2.5").
          label:
            odds.betType === 'ML'
              ? index === 0
                ? event.home
                : event.away
              : pickLabel(odds, index, teams, book.t),
          rowLabel: null,
          live: event.phase !== 'pre',
          parlay: true,
        };
        slip.send({ type: 'bet.select', selection, requestId: crypto.randomUUID() });
      },
    [slip, book.t],
  );

  const games = ['all', ...(lobby?.games.map((g) => g.game) ?? [])];
  const sections = lobbySections(lobby?.events ?? [], game);
  const gameName = (code: string) =>
    code === 'all' ? t('allGames') : (lobby?.games.find((g) => g.game === code)?.name ?? code);
  return (
    <BoardText.Provider value={book.t}>
      <div className="esports">
        <main className="esports-main">
          <div className="esports-head">
            <h1>{t('title')}</h1>
            <Link to="/efresult" className="esports-link">
              {t('resultsLink')}
            </Link>
          </div>
          {lobby ? <p className="esports-note">{t('duration', { minutes: lobby.params.duration })}</p> : null}
          <TabList
            className="tabs esports-games"
            tabs={games}
            current={game}
            onSelect={setGame}
            label={gameName}
            attr="data-game"
          />
          {lobby === null ? <p role="status">{t('loading')}</p> : null}
          {(['live', 'upcoming'] as const).map((section) => (
            <section key={section} className="esports-section" aria-labelledby={`esports-${section}`}>
              <h2 id={`esports-${section}`}>{t(section)}</h2>
              {lobby !== null && sections[section].length === 0 ? <p className="empty">{t('none')}</p> : null}
              <ul className="esports-list">
                {sections[section].map((event) => {
                  const located = markets(event.match_id);
                  return (
                    <SeriesCard
                      key={event.match_id}
                      event={event}
                      located={located}
                      format={format}
                      onPick={located ? onPick(event, located.topic) : undefined}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </main>
        <BetSlip slip={slip} viewOnly={viewOnly} />
      </div>
    </BoardText.Provider>
  );
}

function SeriesCard(props: {
  event: EsportsEvent;
  located: Located | undefined;
  format: OddsFormat;
  onPick: PickHandler | undefined;
}) {
  const { t } = useEsportsText();
  const { event } = props;
  const map = event.maps[event.current_map - 1];
  return (
    <li className="esports-card" data-match={event.match_id} data-phase={event.phase}>
      <div className="esports-meta">
        <span className="esports-game" data-game={event.game}>
          {event.game_name}
        </span>
        <span>{event.league_name}</span>
        <span>{t('bestOf', { n: event.best_of })}</span>
        {event.phase === 'pre' ? (
          <time dateTime={new Date(event.kickoff).toISOString()}>
            {t('startsAt', { time: `${formatGmt8(event.kickoff, 'MM-dd HH:mm')} GMT+8` })}
          </time>
        ) : null}
      </div>
      <div className="esports-teams">
        <span className="team">{event.home}</span>
        <span className="esports-score" title={t('maps')} data-maps={`${event.maps_home}-${event.maps_away}`}>
          {event.phase === 'pre' ? 'vs' : `${event.maps_home} - ${event.maps_away}`}
        </span>
        <span className="team">{event.away}</span>
      </div>
      {event.phase === 'map' && map ? (
        <p className="esports-live" data-current-map={event.current_map}>
          {t('mapN', { n: event.current_map })} · {map.name} · {t(event.unit)} {map.home} - {map.away}
        </p>
      ) : null}
      {event.phase === 'break' ? (
        <p className="esports-live">{t('breakBefore', { n: event.current_map + 1 })}</p>
      ) : null}
      {event.maps.some((m) => m.winner) ? (
        <ol className="esports-maps">
          {event.maps
            .filter((m) => m.winner)
            .map((m) => (
              <li key={m.map} data-map={m.map}>
                {t('mapN', { n: m.map })}: {m.home}-{m.away}
              </li>
            ))}
        </ol>
      ) : null}
      {props.located && props.onPick ? (
        <Markets
          topic={props.located.topic}
          ids={props.located.ids}
          event={event}
          format={props.format}
          onPick={props.onPick}
        />
      ) : null}
    </li>
  );
}

function Markets(props: {
  topic: string;
  ids: MarketIds;
  event: EsportsEvent;
  format: OddsFormat;
  onPick: PickHandler;
}) {
  const { t } = useEsportsText();
  const { topic, ids, event } = props;
  const hdp = useTopicEntity<MarketOdds>(topic, 'odds', ids.HDP ?? '');
  const ou = useTopicEntity<MarketOdds>(topic, 'odds', ids.OU ?? '');
  const cell = (oddsId: string | undefined, index: number, name: string) =>
    oddsId ? (
      <OddsCell
        topic={topic}
        oddsId={oddsId}
        index={index}
        format={props.format}
        locked={false}
        onPick={props.onPick}
        name={name}
      />
    ) : null;
  const hdpLine = typeof hdp?.line === 'number' ? hdp.line : null;
  const ouLine = typeof ou?.line === 'number' ? formatLine(ou.line) : '';
  return (
    <div className="esports-markets">
      <div className="esports-market" data-market="ML">
        <span className="market-title">{t('ml')}</span>
        <div className="market-picks">
          <span>{event.home}</span>
          {cell(ids.ML, 0, event.home)}
          <span>{event.away}</span>
          {cell(ids.ML, 1, event.away)}
        </div>
      </div>
      <div className="esports-market" data-market="HDP">
        <span className="market-title">{t('hdp')}</span>
        <div className="market-picks">
          <span>{hdpLine === null ? '' : signedLine(hdpLine)}</span>
          {cell(ids.HDP, 0, hdpLine === null ? event.home : `${event.home} ${signedLine(hdpLine)}`)}
          <span>{hdpLine === null ? '' : signedLine(-hdpLine)}</span>
          {cell(ids.HDP, 1, hdpLine === null ? event.away : `${event.away} ${signedLine(-hdpLine)}`)}
        </div>
      </div>
      <div className="esports-market" data-market="OU">
        <span className="market-title">{t('ou')}</span>
        <div className="market-picks">
          <span>
            {t('over')} {ouLine}
          </span>
          {cell(ids.OU, 0, `${t('over')} ${ouLine}`)}
          <span>
            {t('under')} {ouLine}
          </span>
          {cell(ids.OU, 1, `${t('under')} ${ouLine}`)}
        </div>
      </div>
    </div>
  );
}
