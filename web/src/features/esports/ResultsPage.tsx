/**
 * /efresult, the e-sports results: settled series of a GMT+8 date range
 * (`gameresultesports2`), optionally only those the member bet on, each with its map score and the
 * member's bets; a series opens its per-map detail (`gameresultesports2detail`: every map's name
 * and round or kill score, and the member's bets on it with their result).
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import './esports.css';
import {
  type EsportsEvent,
  type EsportsResult,
  fetchDetail,
  fetchResults,
  type PlacedBet,
} from './esportsApi.ts';
import { useEsportsText } from './i18n/index.ts';

const DayMs = 86_400_000;

export default function EfResultsPage() {
  const { t } = useEsportsText();
  const { auth, currency, report } = useMember();
  const [start, setStart] = useState(() => formatGmt8(Date.now() - DayMs, 'yyyy-MM-dd'));
  const [end, setEnd] = useState(() => formatGmt8(Date.now(), 'yyyy-MM-dd'));
  const [mine, setMine] = useState(false);
  const [items, setItems] = useState<EsportsResult[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    if (!auth) return;
    let live = true;
    setItems(null);
    // A reversed range asks for the start day alone.
    const last = [start, end].sort()[1] ?? end;
    void fetchResults(api, auth, { start, end: last, mine }).then((r) => {
      if (!live) return;
      setItems(r.ok ? r.value : []);
      if (!r.ok) report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, report, start, end, mine]);
  const money = (major: number) => formatMoney(toMinor(major, currency), currency);
  return (
    <div className="efresult">
      <div className="esports-head">
        <h1>{t('resultsTitle')}</h1>
        <Link to="/esports2" className="esports-link">
          {t('lobbyLink')}
        </Link>
      </div>
      <form className="efresult-filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('dateFrom')}
          <input type="date" value={start} onChange={(e) => e.target.value && setStart(e.target.value)} />
        </label>
        <label>
          {t('dateTo')}
          <input type="date" value={end} onChange={(e) => e.target.value && setEnd(e.target.value)} />
        </label>
        <label className="efresult-mine">
          <input type="checkbox" checked={mine} onChange={(e) => setMine(e.target.checked)} />
          {t('mine')}
        </label>
      </form>
      {items === null ? <p role="status">{t('loading')}</p> : null}
      {items !== null && items.length === 0 ? <p className="empty">{t('noResults')}</p> : null}
      <ul className="esports-list">
        {(items ?? []).map((item) => (
          <li
            key={item.match_id}
            className="esports-card"
            data-match={item.match_id}
            data-status={item.status}
          >
            <div className="esports-meta">
              <span className="esports-game" data-game={item.game}>
                {item.game_name}
              </span>
              <span>{item.league_name}</span>
              <span>{t('bestOf', { n: item.best_of })}</span>
              <time dateTime={new Date(item.kickoff).toISOString()}>
                {formatGmt8(item.kickoff, 'yyyy-MM-dd HH:mm')} GMT+8
              </time>
            </div>
            <div className="esports-teams">
              <span className={`team${item.winner === 'H' ? ' winner' : ''}`}>{item.home}</span>
              <span className="esports-score" data-maps={`${item.maps_home}-${item.maps_away}`}>
                {item.status === 2 ? t('cancelled') : `${item.maps_home} - ${item.maps_away}`}
              </span>
              <span className={`team${item.winner === 'A' ? ' winner' : ''}`}>{item.away}</span>
            </div>
            {item.bet_count > 0 ? (
              <p className="efresult-mybets" data-bets={item.bet_count}>
                {t('bets')}: {item.bet_count} · {t('stake')} {money(item.stake)} · {t('winLose')}{' '}
                <span data-winlose={item.win_lose}>{money(item.win_lose)}</span>
              </p>
            ) : null}
            <button
              type="button"
              className="efresult-toggle"
              aria-expanded={open === item.match_id}
              onClick={() => setOpen((x) => (x === item.match_id ? null : item.match_id))}
            >
              {open === item.match_id ? t('hideMaps') : t('showMaps')}
            </button>
            {open === item.match_id && auth ? (
              <Detail matchId={item.match_id} auth={auth} currency={currency} report={report} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Detail(props: {
  matchId: number;
  auth: { account_id: string; session_token: string };
  currency: string;
  report: (code: string) => void;
}) {
  const { t } = useEsportsText();
  const book = useBook();
  const [detail, setDetail] = useState<{ event: EsportsEvent; bets: PlacedBet[] } | null>(null);
  useEffect(() => {
    let live = true;
    const { auth, matchId, report } = props;
    void fetchDetail(api, auth, matchId).then((r) => {
      if (!live) return;
      if (r.ok) setDetail(r.value);
      else report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [props]);
  if (!detail) return <p role="status">{t('loading')}</p>;
  const { event, bets } = detail;
  const money = (major: number) => formatMoney(toMinor(major, props.currency), props.currency);
  return (
    <div className="efresult-detail">
      <table className="efresult-maps">
        <thead>
          <tr>
            <th scope="col">{t('maps')}</th>
            <th scope="col">{t(event.unit)}</th>
            <th scope="col">{t('winner')}</th>
          </tr>
        </thead>
        <tbody>
          {event.maps.map((m) => (
            <tr key={m.map} data-map={m.map}>
              <td>
                {t('mapN', { n: m.map })} · {m.name}
              </td>
              <td data-rounds={`${m.home}-${m.away}`}>
                {m.home} - {m.away}
              </td>
              <td>{m.winner === 'H' ? event.home : m.winner === 'A' ? event.away : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bets.length > 0 ? (
        <ul className="efresult-bets">
          {bets.map((b) => (
            <li key={b.bet_id} data-bet={b.bet_id} data-bet-status={b.status}>
              {t('betResult', {
                id: b.ref_no ?? b.bet_id,
                status: book.t(`status.${b.status}`, { defaultValue: b.status }),
              })}{' '}
              · {t('stake')} {money(b.stake)} · {t('winLose')} {money(b.win_lose)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
