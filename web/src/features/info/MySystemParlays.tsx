/**
 * /info/sysparlay's own list: the member's system parlays (betsysparlay) with their selections and,
 * on demand, the selections' results (betsysparlaymatch) and every combination with its odds, stake,
 * result and payout (betsysparlaybet).
 */
import { formatGmt8, type SysParlayTicket } from '@sportsbook/protocol';
import { useEffect, useState } from 'react';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import type { BetLegView, BetView } from '../betslip/types.ts';
import { fetchSystemLegs, fetchSystemParlays, fetchSystemTickets } from './historyApi.ts';
import { LegPick } from './LegPick.tsx';
import { moneyText } from './money.ts';
import { ResultText } from './SettledBets.tsx';
import './history.css';

function SystemParlay({ bet }: { bet: BetView }) {
  const { t } = usePlayer();
  const { auth, report } = useMember();
  const [tickets, setTickets] = useState<SysParlayTicket[] | null>(null);
  /** The selections as betsysparlaymatch reports them once expanded (fresh results and scores). */
  const [legs, setLegs] = useState<readonly BetLegView[]>(bet.legs);
  const names = new Map(bet.legs.map((leg, i) => [leg.odds_id, String(i + 1)]));
  const toggle = async () => {
    if (tickets) return setTickets(null);
    if (!auth) return;
    const [matches, combos] = await Promise.all([
      fetchSystemLegs(api, auth, bet.bet_id),
      fetchSystemTickets(api, auth, bet.bet_id),
    ]);
    if (matches.ok) setLegs(matches.value);
    if (combos.ok) setTickets(combos.value);
    else report(combos.error.code);
  };
  const cur = bet.currency;
  return (
    <li data-sysparlay={bet.bet_id} data-status={bet.status}>
      <div>
        {bet.ref_no} · {formatGmt8(bet.transaction_time, 'MM/dd HH:mm')} ·{' '}
        {t('mysys.summary', {
          count: bet.combination ?? 0,
          stake: moneyText(bet.unit_stake ?? bet.stake, cur),
        })}{' '}
        · <ResultText result={bet.status} />
        {bet.settled_time !== null
          ? ` · ${t('settled.col.payout')}: ${moneyText(bet.settled_amount, cur)}`
          : null}
      </div>
      <ol className="bet-legs">
        {legs.map((leg) => (
          <li key={leg.odds_id} data-leg-result={leg.result ?? ''}>
            {leg.home} v {leg.away} · <LegPick leg={leg} withPrice />{' '}
            {leg.result ? <ResultText result={leg.result} /> : null}
          </li>
        ))}
      </ol>
      <button type="button" data-action="combinations" onClick={() => void toggle()}>
        {tickets ? t('mysys.hideCombinations') : t('mysys.combinations')}
      </button>
      {tickets ? (
        <div className="table-scroll">
          <table className="info-table" data-tickets={bet.bet_id}>
            <thead>
              <tr>
                <th>{t('mysys.ticket')}</th>
                <th>{t('mysys.selections')}</th>
                <th>{t('settled.col.odds')}</th>
                <th>{t('settled.col.stake')}</th>
                <th>{t('settled.col.result')}</th>
                <th>{t('settled.col.payout')}</th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.ticket} data-ticket={ticket.ticket} data-result={ticket.result ?? ''}>
                  <td>{ticket.ticket}</td>
                  <td>{ticket.legs.map((id) => names.get(id) ?? id).join(' + ')}</td>
                  <td className="num">{ticket.odds.toFixed(3)}</td>
                  <td className="num">{moneyText(ticket.stake, cur)}</td>
                  <td>{ticket.result ? <ResultText result={ticket.result} /> : null}</td>
                  <td className="num" data-ticket-payout={ticket.payout ?? ''}>
                    {ticket.payout === null || ticket.payout === undefined
                      ? ''
                      : moneyText(ticket.payout, cur)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}

export function MySystemParlays() {
  const { t } = usePlayer();
  const { auth, report } = useMember();
  const [bets, setBets] = useState<BetView[] | null>(null);
  useEffect(() => {
    if (!auth) return;
    let live = true;
    void fetchSystemParlays(api, auth).then((r) => {
      if (!live) return;
      setBets(r.ok ? r.value : []);
      if (!r.ok) report(r.error.code);
    });
    return () => {
      live = false;
    };
  }, [auth, report]);
  if (!auth) return null;
  return (
    <section className="my-sysparlays" aria-labelledby="my-sysparlays-title">
      <h2 id="my-sysparlays-title">{t('mysys.title')}</h2>
      {bets === null ? <p role="status">{t('history.loading')}</p> : null}
      {bets !== null && bets.length === 0 ? <p data-empty>{t('mysys.empty')}</p> : null}
      {bets !== null && bets.length > 0 ? (
        <ul>
          {bets.map((bet) => (
            <SystemParlay key={bet.bet_id} bet={bet} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
