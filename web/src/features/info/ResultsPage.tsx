/**
 * Match results per sport and working date (matchresult). One component serves /info/result and
 * /efresult, each with its product's sports (/event is EventsPage.tsx).
 */
import { ExcludedSportIds, formatGmt8, Sports } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { StandingsLink } from '../live/LiveLinks.tsx';
import { fetchResults, type MatchResult } from './infoApi.ts';
import { gmt8Date } from './StatementPage.tsx';
import './info.css';

const ESportsId = 43;
const allSports = Object.keys(Sports)
  .map(Number)
  .filter((id) => !(ExcludedSportIds as readonly number[]).includes(id));

/** The sports each results product lists (number games have their own page: features/numbergame). */
export const ResultProducts = {
  sportsbook: allSports.filter((id) => id !== ESportsId),
  efootball: [ESportsId],
} as const satisfies Record<string, readonly number[]>;
export type ResultProduct = keyof typeof ResultProducts;

function sportName(id: number): string {
  return (Sports as Record<number, string>)[id] ?? String(id);
}

function ResultsTable({ rows }: { rows: readonly MatchResult[] }) {
  const { t } = useBook();
  return (
    // Focusable: on a phone the table scrolls sideways in place (history.css), and a keyboard must
    // reach and scroll it (axe scrollable-region-focusable); it has no links or buttons of its own.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll
    <table className="info-table results" tabIndex={0}>
      <thead>
        <tr>
          <th>{t('results.kickoff')}</th>
          <th>{t('results.league')}</th>
          <th>{t('results.match')}</th>
          <th>{t('results.ht')}</th>
          <th>{t('results.ft')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.matchId} data-match={r.matchId} data-status={r.status} data-outright={r.outright}>
            <td>{formatGmt8(r.kickoff, 'MM/dd HH:mm')}</td>
            <td>{r.leagueName}</td>
            <td>{r.outright ? r.home : `${r.home} v ${r.away}`}</td>
            <td>{r.htScore ? `${r.htScore[0]}-${r.htScore[1]}` : ''}</td>
            <td>
              {r.status === 1 && r.outright && r.winner
                ? r.winner
                : r.status === 1 && r.score
                  ? `${r.score[0]}-${r.score[1]}`
                  : t(`results.status.${r.status}`, { defaultValue: String(r.status) })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ResultsPage({ product }: { product: ResultProduct }) {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const { auth, report } = useMember();
  const sports: readonly number[] = ResultProducts[product];
  const [sportId, setSportId] = useState<number | null>(sports[0] ?? null);
  const [date, setDate] = useState(() => gmt8Date(Date.now()));
  const [rows, setRows] = useState<MatchResult[] | null>(null);

  useEffect(() => {
    if (!auth || sportId === null) return;
    let live = true;
    setRows(null);
    void fetchResults(api, auth, date, sportId).then((r) => {
      if (!live) return;
      if (r.ok) setRows(r.value);
      else {
        setRows([]);
        report(r.error.code);
      }
    });
    return () => {
      live = false;
    };
  }, [auth, date, sportId, report]);

  return (
    <section className="info-page" aria-labelledby="page-title" data-product={product}>
      <h1 id="page-title">{t(`results.title.${product}`)}</h1>
      {product === 'sportsbook' ? <StandingsLink /> : null}
      {sports.length === 0 ? (
        <p data-empty>{t('results.noneForProduct')}</p>
      ) : (
        <>
          <form className="info-filters" onSubmit={(e) => e.preventDefault()}>
            <label>
              {t('results.sport')}
              <select name="sport" value={sportId ?? ''} onChange={(e) => setSportId(Number(e.target.value))}>
                {sports.map((id) => (
                  <option key={id} value={id}>
                    {t(`sport.${id}`, { defaultValue: sportName(id) })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('results.date')}
              <input type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </label>
          </form>
          {rows === null ? <p role="status">{tAll('common.loading')}</p> : null}
          {rows !== null && rows.length === 0 ? <p data-empty>{t('results.empty')}</p> : null}
          {rows !== null && rows.length > 0 ? <ResultsTable rows={rows} /> : null}
        </>
      )}
    </section>
  );
}

export default function InfoResultsPage() {
  return <ResultsPage product="sportsbook" />;
}
export function EFootballResultsPage() {
  return <ResultsPage product="efootball" />;
}
