/**
 * The virtual sports view, shown on /desktop in place of the odds board when the sports
 * menu's virtual football or basketball is chosen: the next events with countdowns (GMT+8 kick-off
 * times), their markets (a click goes to the page's bet slip, which places virtual picks through
 * the vbet* calls), the event playing with its live score, and the latest results with a short
 * text replay (`vresult`); when an event ends the header balance is refreshed (its bets settled).
 * Countdowns run on the simulator's clock (`now` of vresult).
 */
import {
  formatGmt8,
  formatOdds,
  type MarketModel,
  type MarketOdds,
  type OddsFormat,
  pickParts,
} from '@sportsbook/protocol';
import { useEffect, useMemo, useState } from 'react';
import { SessionContext } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { useTopicSelector } from '../../shared/stream/react.tsx';
import { useNow } from '../../shared/useNow.ts';
import { fetchResults, type MatchResult } from '../info/infoApi.ts';
import { useVirtualText } from './i18n/index.ts';
import { collectEvents, countdown, pickKeys, type ReplayLine, replayLines, virtualTopics } from './view.ts';
import { fetchVirtualResult } from './virtualApi.ts';
import './virtual.css';

function useModel(topic: string): MarketModel | null {
  return useTopicSelector<MarketModel, MarketModel | null>(topic, (v) => v.model);
}

/** The market's line in its title: a total as it is; a handicap unsigned (each price says its own side's). */
function formatLine(betType: string, line: number | string | null): string {
  if (typeof line !== 'number') return '';
  return betType === 'HDP' ? String(Math.abs(line)) : String(line);
}

/** A handicap price's own signed line ("+0.5" on the side that receives), protocol pick.ts. */
function sideLine(odds: MarketOdds, index: number): string {
  const parts =
    odds.betType === 'HDP' ? pickParts({ betType: 'HDP', selection: index, line: odds.line }) : null;
  return parts?.line ? ` ${parts.line}` : '';
}

export function VirtualBoard(props: {
  sportId: number;
  format: OddsFormat;
  onPick: (topic: string, odds: MarketOdds, index: number) => void;
}) {
  const { t } = useVirtualText();
  const { auth, report } = useMember();
  const session = SessionContext.useActorRef();
  const topics = virtualTopics(props.sportId);
  const m0 = useModel(topics[0] as string);
  const m1 = useModel(topics[1] as string);
  const m2 = useModel(topics[2] as string);
  const m3 = useModel(topics[3] as string);
  const m4 = useModel(topics[4] as string);
  const m5 = useModel(topics[5] as string);
  const events = useMemo(
    () => collectEvents([m0, m1, m2, m3, m4, m5].map((model, i) => ({ topic: topics[i] as string, model }))),
    [m0, m1, m2, m3, m4, m5, topics],
  );
  const upcoming = events.filter((e) => e.match.live === 0);
  const playing = events.filter((e) => e.match.live === 1);

  // The simulator's clock: wall time plus the offset the last vresult reply showed.
  const [offset, setOffset] = useState(0);
  const wall = useNow(1000);
  const first = upcoming[0]?.match.id;
  useEffect(() => {
    if (!auth || first === undefined) return;
    let live = true;
    const asked = Date.now();
    void fetchVirtualResult(api, auth, first).then((r) => {
      if (live && r.ok) setOffset(r.value.now - Math.round((asked + Date.now()) / 2));
    });
    return () => {
      live = false;
    };
  }, [auth, first]);
  const now = wall + offset;

  // Latest results of the day: refreshed whenever an event leaves play.
  const [results, setResults] = useState<MatchResult[]>([]);
  const playingKey = playing.map((e) => e.match.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: playingKey: a new event in play means the one before has ended, so the results are fetched again.
  useEffect(() => {
    if (!auth) return;
    let live = true;
    const date = formatGmt8(Date.now() + offset, 'yyyy-MM-dd');
    // An event that ended settled its bets: the header's balance is fetched again.
    session.send({ type: 'balance.refresh' });
    void fetchResults(api, auth, date, props.sportId).then((r) => {
      if (!live) return;
      if (r.ok)
        setResults(
          r.value
            .filter((x) => x.status === 1)
            .sort((x, y) => y.kickoff - x.kickoff)
            .slice(0, 5),
        );
    });
    return () => {
      live = false;
    };
  }, [auth, props.sportId, playingKey, offset, session]);

  return (
    <section className="virtual-board" aria-labelledby="virtual-title" data-sport={props.sportId}>
      <h2 id="virtual-title">{t('title')}</h2>
      {playing.map((e) => (
        <article key={e.match.id} className="virtual-event playing" data-match={e.match.id}>
          <header>
            <span className="virtual-league">{e.leagueName}</span>
            <span className="virtual-status">{t('playing')}</span>
          </header>
          <p className="virtual-teams">
            {e.match.home}{' '}
            <strong data-score>
              {e.match.liveState ? `${e.match.liveState[0]}-${e.match.liveState[1]}` : '0-0'}
            </strong>{' '}
            {e.match.away}
            {e.match.liveState ? (
              <span className="virtual-clock">{Math.floor(e.match.liveState[3] / 60)}'</span>
            ) : null}
          </p>
        </article>
      ))}
      <h3>{t('next')}</h3>
      {upcoming.length === 0 ? <p data-empty>{events.length === 0 ? t('loading') : t('noEvents')}</p> : null}
      {upcoming.map((e) => (
        <article key={e.match.id} className="virtual-event" data-match={e.match.id}>
          <header>
            <span className="virtual-league">{e.leagueName}</span>
            <time dateTime={new Date(e.match.kickoff).toISOString()}>
              {formatGmt8(e.match.kickoff, 'HH:mm')}
            </time>
            <span className="virtual-countdown" data-countdown>
              {t('kickoffIn', { time: countdown(e.match.kickoff - now) })}
            </span>
          </header>
          <p className="virtual-teams">
            {e.match.home} v {e.match.away}
          </p>
          <div className="virtual-markets">
            {e.markets.map(({ topic, odds }) => (
              <div key={odds.id} className="virtual-market" data-bet-type={odds.betType}>
                <span className="virtual-market-name">
                  {t(`market.${odds.betType}`)} {formatLine(odds.betType, odds.line)}
                </span>
                <div className="virtual-prices">
                  {odds.prices.map((price, i) => (
                    <button
                      type="button"
                      key={pickKeys(odds.betType)[i] ?? i}
                      className="virtual-price"
                      data-odds={odds.id}
                      data-selection={i}
                      disabled={odds.status !== 0}
                      onClick={() => props.onPick(topic, odds, i)}
                    >
                      <span>
                        {t(pickKeys(odds.betType)[i] ?? 'pick.home')}
                        {sideLine(odds, i)}
                      </span>
                      <strong>{formatOdds(price, props.format, { from: 'DEC' })}</strong>
                    </button>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </article>
      ))}
      <h3>{t('results')}</h3>
      <ul className="virtual-results">
        {results.map((r) => (
          <ResultRow key={r.matchId} result={r} report={report} />
        ))}
      </ul>
    </section>
  );
}

/** A finished event: the final score, and on demand its replay line by line. */
function ResultRow({ result, report }: { result: MatchResult; report: (code: string) => void }) {
  const { t } = useVirtualText();
  const { auth } = useMember();
  const [lines, setLines] = useState<ReplayLine[] | null>(null);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (lines === null || shown >= lines.length) return;
    const timer = setTimeout(() => setShown((n) => n + 1), 400);
    return () => clearTimeout(timer);
  }, [lines, shown]);
  const replay = () => {
    if (!auth) return;
    void fetchVirtualResult(api, auth, result.matchId).then((r) => {
      if (!r.ok) return report(r.error.code);
      setShown(0);
      setLines(replayLines(r.value.goals, r.value.home, r.value.away));
    });
  };
  const score = result.score ? `${result.score[0]}-${result.score[1]}` : '';
  return (
    <li data-match={result.matchId}>
      <div className="virtual-result-row">
        <time>{formatGmt8(result.kickoff, 'HH:mm')}</time>
        <span>
          {result.home} <strong data-final>{score}</strong> {result.away}
        </span>
        <button type="button" onClick={replay} aria-expanded={lines !== null}>
          {t('replay')}
        </button>
      </div>
      {lines !== null ? (
        <ol className="virtual-replay" aria-live="polite">
          {lines.length === 0 ? <li>{t('noGoals')}</li> : null}
          {lines.slice(0, shown).map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the replay's lines never reorder.
            <li key={i}>{t('goal', { minute: l.minute, team: l.team, score: l.score })}</li>
          ))}
          {shown >= lines.length ? <li data-final-line>{t('fullTime', { score })}</li> : null}
        </ol>
      ) : null}
    </li>
  );
}
