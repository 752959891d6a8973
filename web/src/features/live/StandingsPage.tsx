/**
 * /standings?league=<id>: a league's table (standingresult) and bracket (bracketlist), computed by
 * the simulator from its settled results; the leagues with results come from standinglist. Reached
 * from the live centre (live TV's match, the live links) and the results page. Only leagues whose
 * sport keeps a table are offered (no virtual sports 180/181, tennis or e-sports), and the columns
 * follow the sport (standingsView.ts over protocol standings.ts: basketball's say points for /
 * against and have no Drawn column).
 */
import type { BracketRound, StandingRow } from '@sportsbook/protocol';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveText } from './i18n/index.ts';
import { LiveLinks } from './LiveLinks.tsx';
import { useLiveCalls, useLoaded } from './liveApi.ts';
import { standingColumns, tableLeagues } from './standingsView.ts';
import './live.css';

function Table({ rows, sportId }: { rows: readonly StandingRow[]; sportId: number | undefined }) {
  const { t } = useLiveText();
  const columns = standingColumns(sportId, rows);
  return (
    <div className="table-scroll">
      <table className="live-table" data-testid="standings-table" data-sport-id={sportId}>
        <thead>
          <tr>
            <th scope="col">{t('st.pos')}</th>
            <th scope="col">{t('st.team')}</th>
            {columns.map((c) => (
              <th scope="col" key={c.key} data-col={c.key}>
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.team} data-team={r.team}>
              <td>{i + 1}</td>
              <th scope="row">{r.team}</th>
              {columns.map((c) => (
                <td key={c.key} data-points={c.key === 'points' ? r.points : undefined}>
                  {c.value(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Bracket({ rounds }: { rounds: readonly BracketRound[] }) {
  const { t } = useLiveText();
  if (rounds.length === 0) return <p>{t('br.empty')}</p>;
  return (
    <div className="live-bracket" data-testid="bracket">
      {rounds.map((round) => (
        <section key={round.round} className="live-round">
          <h3>{t(`br.${round.round}`)}</h3>
          <ul>
            {round.ties.map((tie, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a round's ties are fixed in order
              <li key={i} className="live-tie">
                <span>{tie.home ?? t('br.tbd')}</span>
                <span aria-hidden="true"> v </span>
                <span>{tie.away ?? t('br.tbd')}</span>
                {tie.winner ? (
                  <strong className="live-winner">{t('br.winner', { team: tie.winner })}</strong>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function StandingsPage() {
  const { t } = useLiveText();
  const { calls } = useLiveCalls();
  const [params, setParams] = useSearchParams();
  const leagues = useLoaded(calls ? calls.standingLeagues : null);
  const asked = Number(params.get('league'));
  const leagueId = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  const loadTable = useMemo(
    () => (calls && leagueId !== null ? () => calls.standings(leagueId) : null),
    [calls, leagueId],
  );
  const loadBracket = useMemo(
    () => (calls && leagueId !== null ? () => calls.bracket(leagueId) : null),
    [calls, leagueId],
  );
  const table = useLoaded(loadTable);
  const bracket = useLoaded(loadBracket);
  const list = useMemo(() => (leagues?.ok ? tableLeagues(leagues.value) : []), [leagues]);
  const league = list.find((l) => l.league_id === leagueId);
  const name = league?.league_name;

  return (
    <main className="live-page">
      <h1>{t('st.title')}</h1>
      <LiveLinks current="standings" />
      {leagues === undefined ? <p role="status">{t('common.loading')}</p> : null}
      {leagues && !leagues.ok ? <p role="alert">{t('common.failed')}</p> : null}
      {leagues?.ok && list.length === 0 ? <p>{t('st.noLeagues')}</p> : null}
      {list.length > 0 ? (
        <label className="inline-field">
          <span>{t('st.league')}</span>
          <select
            value={leagueId ?? ''}
            onChange={(e) => setParams(e.target.value ? { league: e.target.value } : {})}
          >
            <option value="">{t('st.pickLeague')}</option>
            {list.map((l) => (
              <option key={l.league_id} value={l.league_id} data-sport-id={l.sport_id}>
                {l.league_name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {leagueId !== null ? (
        <>
          <h2>{name ? `${t('st.table')}: ${name}` : t('st.table')}</h2>
          {table === undefined ? <p role="status">{t('common.loading')}</p> : null}
          {table && !table.ok ? (
            <p>{table.error.code === 'empty' ? t('st.empty') : t('common.failed')}</p>
          ) : null}
          {table?.ok ? (
            table.value.length === 0 ? (
              <p>{t('st.empty')}</p>
            ) : (
              <Table rows={table.value} sportId={league?.sport_id} />
            )
          ) : null}
          <h2>{t('br.title')}</h2>
          {bracket?.ok ? <Bracket rounds={bracket.value} /> : null}
          {bracket && !bracket.ok ? <p role="alert">{t('common.failed')}</p> : null}
        </>
      ) : null}
    </main>
  );
}
