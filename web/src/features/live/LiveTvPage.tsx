/**
 * /livetv: the matches with a stream (the gateway's shared topic `list/livetv`: livetvlist polled
 * once for every player, each change pushed): live now with
 * score and clock, and coming up with kick-off in GMT+8. The chosen match plays in the player
 * (livetv2), named around it, with the match tracker beside it; a stream that fails shows a notice
 * and the tracker takes its place. On arrival, before the player picks, the first live match plays
 * (muted, as the player always is), as a live-TV page does.
 */
import { hasStandings, type LiveTvListModel, type LiveTvMatch, liveTvMatchesOf } from '@sportsbook/protocol';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLiveText } from './i18n/index.ts';
import { LiveLinks } from './LiveLinks.tsx';
import {
  clockKey,
  gmt8,
  standingsPath,
  useLiveCalls,
  useLoaded,
  useReveal,
  useTopicOutcome,
} from './liveApi.ts';
import { Player } from './Player.tsx';
import { Tracker } from './tracker/Tracker.tsx';
import './live.css';

/** The matches with a stream: one gateway topic for every player. */
export const LiveTvTopic = 'list/livetv';

function MatchLine({ m }: { m: LiveTvMatch }) {
  const { t } = useLiveText();
  if (m.live === 1 && m.score) {
    const c = clockKey(m);
    return (
      <span className="live-line">
        <span className="live-score" data-testid="live-score">
          {m.score[0]} - {m.score[1]}
        </span>{' '}
        <span className="live-clock">{t(c.key, { min: String(c.min) })}</span>
      </span>
    );
  }
  return <span className="live-line">{t('tv.kickoff', { time: gmt8(m.kickoff) })}</span>;
}

/** The match that plays on arrival: the first one live now, or none. */
export function firstLive(matches: readonly LiveTvMatch[]): number | null {
  return matches.find((m) => m.live === 1)?.match_id ?? null;
}

export default function LiveTvPage() {
  const { t } = useLiveText();
  const { calls } = useLiveCalls();
  const list = useTopicOutcome<LiveTvListModel, LiveTvMatch[]>(LiveTvTopic, liveTvMatchesOf);
  const [picked, setChosen] = useState<number | null>(null);
  const matches = list?.ok ? list.value : [];
  // Until the player picks, the first live match plays (liveTvMatchesOf lists live ones first).
  const chosen = picked ?? firstLive(matches);
  const current = matches.find((m) => m.match_id === chosen) ?? null;
  const loadStream = useMemo(
    () => (calls && chosen !== null ? () => calls.stream(chosen) : null),
    [calls, chosen],
  );
  const stream = useLoaded(loadStream);
  const stage = useReveal<HTMLElement>(stream);
  const [failed, setFailed] = useState(false);
  const onFailed = useCallback((f: boolean) => setFailed(f), []);
  const now = matches.filter((m) => m.live === 1);
  const next = matches.filter((m) => m.live === 0);
  const title = current ? `${current.home} v ${current.away}` : '';

  const item = (m: LiveTvMatch) => (
    <li key={m.match_id}>
      <button
        type="button"
        className="live-item"
        aria-pressed={m.match_id === chosen}
        data-match-id={m.match_id}
        data-sport-id={m.sport_id}
        onClick={(e) => {
          setFailed(false);
          setChosen(m.match_id);
          stage.reveal(e.currentTarget);
        }}
      >
        <span className="live-teams">
          {m.home} v {m.away}
        </span>
        <span className="live-league">{m.league_name}</span>
        <MatchLine m={m} />
      </button>
    </li>
  );

  return (
    <main className="live-page">
      <h1>{t('tv.title')}</h1>
      <LiveLinks current="tv" />
      {list === undefined ? <p role="status">{t('common.loading')}</p> : null}
      {list && !list.ok ? <p role="alert">{t('common.failed')}</p> : null}
      <div className="live-layout">
        <section className="live-list" aria-label={t('tv.title')}>
          <h2>{t('tv.now')}</h2>
          {now.length === 0 && list?.ok ? <p>{t('tv.empty')}</p> : <ul>{now.map(item)}</ul>}
          {next.length > 0 ? (
            <>
              <h2>{t('tv.next')}</h2>
              <ul>{next.map(item)}</ul>
            </>
          ) : null}
        </section>
        <section className="live-stage" ref={stage.ref} aria-label={title || t('tv.pick')}>
          {current === null ? (
            <p>{t('tv.pick')}</p>
          ) : (
            <>
              <header className="live-stage-head">
                <h2 data-testid="live-title">{title}</h2>
                <p>
                  {current.league_name} · <MatchLine m={current} />
                </p>
                {/* Virtual, player and e-sports leagues keep no table (protocol standings.ts). */}
                {hasStandings(current.sport_id) ? (
                  <Link to={standingsPath(current.league_id)}>
                    {t('tv.leagueStandings', { league: current.league_name })}
                  </Link>
                ) : null}
              </header>
              <div className="live-stage-body" data-fallback={failed ? '' : undefined}>
                {stream === undefined ? (
                  // Holds the video's place while the stream loads, so the page does not jump.
                  <p className="live-player live-player-wait" role="status">
                    {t('common.loading')}
                  </p>
                ) : null}
                {stream && !stream.ok ? (
                  <p className="live-notice" role="alert" data-testid="player-failed">
                    {t('player.failed')}
                  </p>
                ) : null}
                {stream?.ok ? (
                  <Player
                    src={stream.value.stream_url}
                    title={title}
                    failedKey="player.failed"
                    onFailed={onFailed}
                  />
                ) : null}
                <div className="live-tracker">
                  <Tracker matchId={current.match_id} />
                </div>
              </div>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
