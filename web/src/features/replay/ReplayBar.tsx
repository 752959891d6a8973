/**
 * The replay timeline bar (RECORDING.md "Timeline in the web"): shown on the board only when the
 * gateway serves a replay (`GET /replay` answers the replayer's state). The recording's span as a
 * slider with the position, play/pause, speed, markers where goals happened; dragging the slider
 * seeks when it is let go. Commands go to `POST /replay`, which drives the replayer's control
 * calls; the state is read through `replayViews` (replayStream.ts: every second, and never again when
 * the first read finds no replay; why a poll there). Times in GMT+8.
 */
import { formatGmt8, isReplayView, type ReplayControl, type ReplayView } from '@sportsbook/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useReplayText } from './i18n/index.ts';
import { replayViews } from './replayStream.ts';
import './replay.css';

const Speeds = [0.5, 1, 2, 5, 10, 30, 60];

async function fetchView(init?: RequestInit): Promise<ReplayView | null> {
  try {
    const res = await fetch('/replay', init);
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isReplayView(body) ? body : null;
  } catch {
    return null;
  }
}

/** Where `t` sits on the span, 0..100 (pure). */
export function percentAt(t: number, start: number, end: number): number {
  return end > start ? Math.min(100, Math.max(0, ((t - start) / (end - start)) * 100)) : 0;
}

export function ReplayBar() {
  const { t } = useReplayText();
  const [view, setView] = useState<ReplayView | null>(null);
  const [draft, setDraft] = useState<number | null>(null);

  useEffect(() => {
    // No replay served: no bar and no further requests.
    const subscription = replayViews(() => fetchView()).subscribe(setView);
    return () => subscription.unsubscribe();
  }, []);

  const send = useCallback(async (command: ReplayControl) => {
    const v = await fetchView({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(command),
    });
    if (v) setView(v);
  }, []);

  const commit = useCallback(() => {
    if (draft === null) return;
    const to = draft;
    setDraft(null);
    void send({ action: 'seek', to });
  }, [draft, send]);

  // A drag may end outside the slider: letting go anywhere seeks.
  useEffect(() => {
    if (draft === null) return;
    window.addEventListener('pointerup', commit);
    return () => window.removeEventListener('pointerup', commit);
  }, [draft, commit]);

  if (!view) return null;
  const { replay, goals } = view;
  const position = draft ?? replay.position;
  return (
    <section className="replay-bar" aria-label={t('label')}>
      <button
        type="button"
        className="replay-toggle"
        onClick={() => void send({ action: replay.paused ? 'resume' : 'pause' })}
      >
        {replay.paused ? t('play') : t('pause')}
      </button>
      <label className="replay-speed">
        {t('speed')}
        <select
          value={String(replay.speed)}
          onChange={(e) => void send({ action: 'speed', speed: Number(e.target.value) })}
        >
          {[...new Set([...Speeds, replay.speed])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option key={s} value={String(s)}>
                ×{s}
              </option>
            ))}
        </select>
      </label>
      <div className="replay-track">
        <input
          type="range"
          aria-label={t('position')}
          min={replay.start}
          max={replay.end}
          step={1000}
          value={position}
          onChange={(e) => setDraft(Number(e.target.value))}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
        />
        {goals.map((goal) => (
          <span
            key={`${goal.matchId}-${goal.t}`}
            className="replay-goal"
            style={{ left: `${percentAt(goal.t, replay.start, replay.end)}%` }}
            title={t('goal', { home: goal.home, score: goal.score, away: goal.away })}
            data-testid="replay-goal"
          />
        ))}
      </div>
      <output className="replay-time" data-testid="replay-position">
        {formatGmt8(position, 'HH:mm:ss')}
      </output>
      {replay.ended && <span className="replay-ended">{t('ended')}</span>}
    </section>
  );
}
