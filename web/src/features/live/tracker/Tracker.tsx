/**
 * The match tracker: the `radar/<match_id>` topic as an animated pitch (soccer: ball
 * zone and attacking side, event pop-ups, a timeline, stats bars) or a scoreboard (other sports).
 * Subscribes through the tab's stream while mounted (the stream unsubscribes when the last
 * watcher goes). Used beside the board, in the more-markets panel and in the live TV view.
 */
import type { RadarEvent, RadarMatch, RadarModel } from '@sportsbook/protocol';
import { useMemo } from 'react';
import { useTopicSelector } from '../../../shared/stream/react.tsx';
import type { TopicView } from '../../../shared/stream/topicState.ts';
import { useTrackerText } from './i18n/index.ts';
import './tracker.css';
import { clockText, eventMinute, PitchHeight, PitchWidth, trackerView } from './view.ts';

export const radarTopic = (matchId: number): string => `radar/${matchId}`;

type Slice = Pick<TopicView<RadarModel>, 'model' | 'stale' | 'error'>;
const sameSlice = (a: Slice, b: Slice): boolean =>
  a.model === b.model && a.stale === b.stale && a.error === b.error;

/** The namespace's `t`, narrowed to what the tracker calls. */
type T = (key: string, options?: Record<string, string>) => string;

function eventText(t: T, e: RadarEvent): string {
  if (e.kind === 'period') return t(`period.${e.value}`);
  return t(`event.${e.kind}`);
}

function teamOf(m: RadarMatch, side: 'H' | 'A' | ''): string {
  return side === 'H' ? m.home : side === 'A' ? m.away : '';
}

function Clock({ t, match }: { t: T; match: RadarMatch }) {
  const c = clockText(match);
  return <span className="tracker-clock">{'key' in c ? t(c.key) : c.text}</span>;
}

function Scoreboard({ t, match }: { t: T; match: RadarMatch }) {
  return (
    <div className="tracker-score" data-testid="tracker-score">
      <span className="tracker-team tracker-home">{match.home}</span>
      <span className="tracker-goals" data-home={match.home_score} data-away={match.away_score}>
        {match.home_score} - {match.away_score}
      </span>
      <span className="tracker-team tracker-away">{match.away}</span>
      <Clock t={t} match={match} />
    </div>
  );
}

function Pitch({ t, match, view }: { t: T; match: RadarMatch; view: ReturnType<typeof trackerView> }) {
  const { ball, popup } = view;
  const attacking = teamOf(match, match.ball_side);
  return (
    <div className="tracker-pitch-wrap">
      <svg
        className="tracker-pitch"
        viewBox={`0 0 ${PitchWidth} ${PitchHeight}`}
        role="img"
        aria-label={t('pitch.label', { team: attacking })}
      >
        <rect x="0" y="0" width={PitchWidth} height={PitchHeight} className="pitch-grass" />
        <rect x="2" y="2" width={PitchWidth - 4} height={PitchHeight - 4} className="pitch-line" />
        <line x1={PitchWidth / 2} y1="2" x2={PitchWidth / 2} y2={PitchHeight - 2} className="pitch-line" />
        <circle cx={PitchWidth / 2} cy={PitchHeight / 2} r="8" className="pitch-line" />
        <rect x="2" y="18" width="14" height="28" className="pitch-line" />
        <rect x={PitchWidth - 16} y="18" width="14" height="28" className="pitch-line" />
        {ball && (
          <>
            <rect
              className={`pitch-zone pitch-zone-${match.ball_side === 'H' ? 'home' : 'away'}`}
              x={Math.max(2, ball.x - 10)}
              y="2"
              width="20"
              height={PitchHeight - 4}
            />
            <circle className="pitch-ball" cx={ball.x} cy={ball.y} r="2" data-testid="tracker-ball" />
          </>
        )}
      </svg>
      {popup && (
        <div
          key={popup.id}
          className={`tracker-popup tracker-popup-${popup.kind}`}
          data-testid="tracker-popup"
          role="status"
        >
          <strong>{eventText(t, popup)}</strong>
          {popup.side !== '' && <span> {teamOf(match, popup.side)}</span>}
        </div>
      )}
    </div>
  );
}

function Timeline({ t, view }: { t: T; view: ReturnType<typeof trackerView> }) {
  return (
    <div className="tracker-timeline" role="img" aria-label={t('timeline')}>
      <div className="tracker-timeline-bar">
        {view.timeline.map((mark) => (
          <span
            key={mark.id}
            className={`tl-mark tl-${mark.kind} tl-${mark.side === 'H' ? 'home' : 'away'}`}
            style={{ left: `${mark.at}%` }}
            title={`${mark.minute}' ${t(`event.${mark.kind}`)}`}
          />
        ))}
      </div>
    </div>
  );
}

function Stats({ t, view }: { t: T; view: ReturnType<typeof trackerView> }) {
  if (view.stats.length === 0) return null;
  return (
    <ul className="tracker-stats" aria-label={t('stats')}>
      {view.stats.map((s) => (
        <li key={s.key} className="tracker-stat" data-stat={s.key}>
          <span className="stat-num">{s.key === 'possession' ? `${s.home}%` : s.home}</span>
          <span className="stat-name">
            {t(`stat.${s.key}`)}
            <span className="stat-bar">
              <span className="stat-bar-home" style={{ width: `${s.homePct}%` }} />
            </span>
          </span>
          <span className="stat-num">{s.key === 'possession' ? `${s.away}%` : s.away}</span>
        </li>
      ))}
    </ul>
  );
}

function Events({ t, match, view }: { t: T; match: RadarMatch; view: ReturnType<typeof trackerView> }) {
  if (view.recent.length === 0) return null;
  return (
    <ol className="tracker-events" aria-label={t('events')}>
      {view.recent.map((e) => (
        <li key={e.id} className={`tracker-event ev-${e.kind}`} data-kind={e.kind}>
          <span className="ev-minute">{eventMinute(e.minute, e.period)}</span>
          <span className="ev-text">{eventText(t, e)}</span>
          <span className="ev-team">{teamOf(match, e.side)}</span>
          {e.kind === 'goal' && (
            <span className="ev-score">
              {e.home_score}-{e.away_score}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function Tracker({ matchId }: { matchId: number }) {
  const { t } = useTrackerText();
  const slice = useTopicSelector<RadarModel, Slice>(
    radarTopic(matchId),
    (v) => ({ model: v.model, stale: v.stale, error: v.error }),
    sameSlice,
  );
  const view = useMemo(() => trackerView(slice.model), [slice.model]);
  const match = view.match;
  return (
    <section className="tracker" data-testid="tracker" data-match-id={matchId} aria-label={t('title')}>
      {slice.stale && (
        <p className="tracker-note" role="alert">
          {t('stale')}
        </p>
      )}
      {match === null ? (
        <p className="tracker-note">
          {slice.error !== null || slice.model !== null ? t('unavailable') : t('loading')}
        </p>
      ) : (
        <>
          <Scoreboard t={t} match={match} />
          {match.tracker === 'pitch' && (
            <>
              <Pitch t={t} match={match} view={view} />
              <Timeline t={t} view={view} />
              <Stats t={t} view={view} />
            </>
          )}
          <Events t={t} match={match} view={view} />
        </>
      )}
    </section>
  );
}
