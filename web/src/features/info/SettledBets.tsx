/**
 * The bet list's settled tab: bets settled or voided in a date range (GMT+8) with their result
 * (won, won half, lost, lose half, draw, refund, void, abandoned, cashed out), payout and win/loss;
 * a parlay's or system parlay's legs with each leg's result on demand (parlaybetdetails).
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import type { Auth } from '../../shared/result.ts';
import type { BetView } from '../betslip/types.ts';
import { fetchBetDetails, fetchSettled } from './historyApi.ts';
import { BetOdds, LegPick, LegScore } from './LegPick.tsx';
import { moneyText } from './money.ts';
import './history.css';

const DayMs = 86_400_000;
export const gmt8Date = (utcMs: number) => formatGmt8(utcMs, 'yyyy-MM-dd');

/** From/to working dates (GMT+8), default the last seven days. */
export function DateRange({
  start,
  end,
  onChange,
  onRefresh,
}: {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
  onRefresh: () => void;
}) {
  const { t } = usePlayer();
  return (
    <form className="info-filters" onSubmit={(e) => e.preventDefault()}>
      <label>
        {t('history.from')}
        <input
          type="date"
          name="start_date"
          value={start}
          max={end}
          onChange={(e) => onChange({ start: e.target.value, end })}
        />
      </label>
      <label>
        {t('history.to')}
        <input
          type="date"
          name="end_date"
          value={end}
          min={start}
          onChange={(e) => onChange({ start, end: e.target.value })}
        />
      </label>
      <button type="button" data-action="refresh" onClick={onRefresh}>
        {t('history.refresh')}
      </button>
    </form>
  );
}

export function useDateRange(days = 7) {
  return useState(() => ({ start: gmt8Date(Date.now() - (days - 1) * DayMs), end: gmt8Date(Date.now()) }));
}

export function ResultText({ result }: { result: string }) {
  const { t } = usePlayer();
  return (
    <span className="bet-status" data-result={result}>
      {t(`result.${result}`, { defaultValue: result })}
    </span>
  );
}

function LegList({ bet }: { bet: BetView }) {
  const { t } = usePlayer();
  return (
    <ul className="bet-legs">
      {bet.legs.map((leg) => (
        <li key={`${leg.odds_id}-${leg.selection}`} data-leg={leg.odds_id} data-leg-result={leg.result ?? ''}>
          <span>{leg.away ? `${leg.home} v ${leg.away}` : leg.home}</span>{' '}
          <LegPick leg={leg} withPrice={bet.legs.length > 1} />{' '}
          {leg.result ? <ResultText result={leg.result} /> : <span>{t('result.running')}</span>}
          {leg.score && leg.away ? <LegScore score={leg.score} /> : null}
        </li>
      ))}
    </ul>
  );
}

function SettledRow({ bet, auth, report }: { bet: BetView; auth: Auth; report: (code: string) => void }) {
  const { t } = usePlayer();
  const [details, setDetails] = useState<BetView | null>(null);
  const multi = bet.legs.length > 1;
  const cur = bet.currency;
  const toggle = async () => {
    if (details) return setDetails(null);
    const r = await fetchBetDetails(api, auth, bet.bet_id);
    if (r.ok) setDetails(r.value);
    else report(r.error.code);
  };
  return (
    <tr data-bet={bet.bet_id} data-status={bet.status} data-kind={bet.kind}>
      <td>
        <div>{bet.ref_no}</div>
        <time>{formatGmt8(bet.settled_time ?? bet.transaction_time, 'MM/dd HH:mm')}</time>
      </td>
      <td>
        {multi ? (
          <>
            <button type="button" data-action="legs" onClick={() => void toggle()}>
              {details ? t('settled.hideLegs') : t('settled.legs', { count: bet.legs.length })}
            </button>
            {details ? <LegList bet={details} /> : null}
          </>
        ) : (
          <LegList bet={bet} />
        )}
      </td>
      <td className="num" data-odds-col="">
        <BetOdds bet={bet} />
      </td>
      <td className="num">{moneyText(bet.stake, cur)}</td>
      <td>
        <ResultText result={bet.status} />
      </td>
      <td className="num" data-payout={bet.settled_amount}>
        {moneyText(bet.settled_amount, cur)}
      </td>
      <td className="num" data-win-lose={bet.win_lose}>
        {moneyText(bet.win_lose, cur)}
      </td>
    </tr>
  );
}

export function SettledBets({ auth, report }: { auth: Auth; report: (code: string) => void }) {
  const { t } = usePlayer();
  const [range, setRange] = useDateRange();
  const [bets, setBets] = useState<BetView[] | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the refresh trigger
  useEffect(() => {
    if (range.start > range.end) return;
    let live = true;
    setBets(null);
    void fetchSettled(api, auth, range).then((r) => {
      if (!live) return;
      setBets(r.ok ? r.value : []);
      if (!r.ok) report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, range, report, tick]);
  return (
    <div className="settled-bets">
      <DateRange
        start={range.start}
        end={range.end}
        onChange={setRange}
        onRefresh={() => setTick((n) => n + 1)}
      />
      {bets === null ? <p role="status">{t('history.loading')}</p> : null}
      {bets !== null && bets.length === 0 ? <p data-empty>{t('settled.empty')}</p> : null}
      {bets !== null && bets.length > 0 ? (
        <div className="table-scroll">
          <table className="info-table" data-list="settled">
            <thead>
              <tr>
                <th>{t('settled.col.ref')}</th>
                <th>{t('settled.col.selection')}</th>
                <th>{t('settled.col.odds')}</th>
                <th>{t('settled.col.stake')}</th>
                <th>{t('settled.col.result')}</th>
                <th>{t('settled.col.payout')}</th>
                <th>{t('settled.col.winLose')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <SettledRow key={bet.bet_id} bet={bet} auth={auth} report={report} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
