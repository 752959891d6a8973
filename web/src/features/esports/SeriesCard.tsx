/**
 * One series of the e-sports lobby: game, league, best-of and GMT+8 start; the teams and the maps
 * score; the map in play with its round (or kill) score, or the break before the next map; the
 * maps won so far; and its three markets (SeriesMarkets) once a board prices them.
 */
import { type EsportsEvent, formatGmt8, type OddsFormat } from '@sportsbook/protocol';
import type { PickHandler } from '../board/OddsCell.tsx';
import { useEsportsText } from './i18n/index.ts';
import { SeriesMarkets } from './SeriesMarkets.tsx';
import type { Located } from './useEsportsLobby.ts';

export function SeriesCard(props: {
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
        <SeriesMarkets
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
