/**
 * /highlight/home: the leagues with highlights (the gateway's shared topic `list/highlights`:
 * highlightleague polled once for every player), then the clips of the chosen
 * league's finished matches with their final score and date in GMT+8 (highlightlist), played in
 * the live TV page's player.
 */
import {
  type HighlightClip,
  type HighlightLeague,
  type HighlightsListModel,
  highlightLeaguesOf,
} from '@sportsbook/protocol';
import { useMemo, useState } from 'react';
import { useLiveText } from './i18n/index.ts';
import { LiveLinks } from './LiveLinks.tsx';
import { gmt8, useLiveCalls, useLoaded, useReveal, useTopicOutcome } from './liveApi.ts';
import { Player } from './Player.tsx';
import './live.css';

export default function HighlightsPage() {
  const { t } = useLiveText();
  const { calls } = useLiveCalls();
  const leagues = useTopicOutcome<HighlightsListModel, HighlightLeague[]>(
    'list/highlights',
    highlightLeaguesOf,
  );
  const [leagueId, setLeagueId] = useState<number | null>(null);
  const loadClips = useMemo(
    () => (calls && leagueId !== null ? () => calls.highlights(leagueId) : null),
    [calls, leagueId],
  );
  const clips = useLoaded(loadClips);
  const [clip, setClip] = useState<HighlightClip | null>(null);
  const clipList = useReveal<HTMLElement>(clips);
  const stage = useReveal<HTMLElement>(clip ?? undefined);
  const title = clip ? `${clip.home} ${clip.score[0]} - ${clip.score[1]} ${clip.away}` : '';

  return (
    <main className="live-page">
      <h1>{t('hl.title')}</h1>
      <LiveLinks current="highlights" />
      {leagues === undefined ? <p role="status">{t('common.loading')}</p> : null}
      {leagues && !leagues.ok ? <p role="alert">{t('common.failed')}</p> : null}
      <div className="live-layout">
        <section className="live-list" aria-label={t('hl.leagues')}>
          <h2>{t('hl.leagues')}</h2>
          {leagues?.ok && leagues.value.length === 0 ? <p>{t('hl.empty')}</p> : null}
          <ul>
            {(leagues?.ok ? leagues.value : []).map((l) => (
              <li key={l.league_id}>
                <button
                  type="button"
                  className="live-item"
                  aria-pressed={l.league_id === leagueId}
                  data-league-id={l.league_id}
                  onClick={(e) => {
                    setLeagueId(l.league_id);
                    setClip(null);
                    clipList.reveal(e.currentTarget);
                  }}
                >
                  <span className="live-teams">{l.league_name}</span>
                  <span className="live-line">{t('hl.count', { count: String(l.count) })}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="live-list" ref={clipList.ref} aria-label={t('hl.clips')}>
          <h2>{t('hl.clips')}</h2>
          {leagueId === null ? <p>{t('hl.pickLeague')}</p> : null}
          {leagueId !== null && clips === undefined ? <p role="status">{t('common.loading')}</p> : null}
          {clips && !clips.ok ? <p role="alert">{t('common.failed')}</p> : null}
          <ul>
            {(clips?.ok ? clips.value : []).map((c) => (
              <li key={c.match_id}>
                <button
                  type="button"
                  className="live-item"
                  aria-pressed={c.match_id === clip?.match_id}
                  data-match-id={c.match_id}
                  onClick={(e) => {
                    setClip(c);
                    stage.reveal(e.currentTarget);
                  }}
                >
                  <span className="live-teams">
                    {c.home} <span className="live-score">{`${c.score[0]} - ${c.score[1]}`}</span> {c.away}
                  </span>
                  <span className="live-line">{t('hl.played', { time: gmt8(c.kickoff) })}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="live-stage" ref={stage.ref} aria-label={title || t('hl.pickClip')}>
          {clip === null ? (
            <p>{t('hl.pickClip')}</p>
          ) : (
            <>
              <header className="live-stage-head">
                <h2 data-testid="live-title">{title}</h2>
                <p>
                  {clip.league_name} · {t('hl.played', { time: gmt8(clip.kickoff) })}
                </p>
              </header>
              <Player src={clip.clip_url} title={title} failedKey="player.clipFailed" />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
