/**
 * One bet of the bet list: reference and time, kind and legs (a parlay's details asked on demand),
 * odds, stake, to win, status with a refusal's reason, and a running single's or parlay's cash-out.
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useState } from 'react';
import { api } from '../../shared/api.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import type { Auth } from '../../shared/result.ts';
import type { BetView } from '../betslip/types.ts';
import { CashOut } from './CashOut.tsx';
import { type BetListTab, fetchParlayDetails } from './infoApi.ts';
import { BetOdds, LegPick, LegScore } from './LegPick.tsx';
import { moneyText } from './money.ts';
import { useCodeText } from './useCodeText.ts';

const CashOutKinds = new Set(['single', 'parlay']);

/** A parlay's legs with their results, asked when the player opens them (closed again on a second click). */
function useParlayDetails(bet: BetView, tab: BetListTab, auth: Auth) {
  const [details, setDetails] = useState<BetView | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const showDetails = async () => {
    if (details) return setDetails(null);
    const r = await fetchParlayDetails(api, auth, tab, bet.bet_id);
    if (r.ok) setDetails(r.value);
    else setDetailError(r.error.code);
  };
  return { details, detailError, showDetails };
}

function Legs({ bet }: { bet: BetView }) {
  const { t } = useBook();
  return (
    <ul className="bet-legs">
      {bet.legs.map((leg) => (
        <li key={`${leg.odds_id}-${leg.selection}`} data-leg={leg.odds_id}>
          <span>
            {leg.home} v {leg.away}
          </span>{' '}
          <LegPick leg={leg} withPrice={bet.legs.length > 1} />
          {leg.result ? (
            <span className="leg-result"> {t(`status.${leg.result}`, { defaultValue: leg.result })}</span>
          ) : null}
          {leg.score ? <LegScore score={leg.score} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function BetRow({
  bet,
  tab,
  auth,
  offer,
}: {
  bet: BetView;
  tab: BetListTab;
  auth: Auth;
  /** The account stream's current cash-out offer (major units), null when there is none. */
  offer: number | null;
}) {
  const { t } = useBook();
  const codeText = useCodeText();
  const { details, detailError, showDetails } = useParlayDetails(bet, tab, auth);
  const multi = bet.legs.length > 1;
  const cur = bet.currency;
  return (
    <tr data-bet={bet.bet_id} data-status={bet.status} data-kind={bet.kind}>
      <td>
        <div>{bet.ref_no}</div>
        <time>{formatGmt8(bet.transaction_time, 'MM/dd HH:mm:ss')}</time>
      </td>
      <td>
        <div className="bet-type">
          {t(`kind.${bet.kind}`, { defaultValue: bet.bet_type })}
          {bet.combination ? ` · ${t('betlist.tickets', { count: bet.combination })}` : null}
        </div>
        {multi ? (
          <>
            <button type="button" data-action="details" onClick={() => void showDetails()}>
              {details ? t('betlist.hideDetails') : t('betlist.details', { count: bet.legs.length })}
            </button>
            {details ? <Legs bet={details} /> : null}
            {detailError ? <span role="alert">{codeText(detailError)}</span> : null}
          </>
        ) : (
          <Legs bet={bet} />
        )}
      </td>
      <td className="num" data-odds-col="">
        <BetOdds bet={bet} />
      </td>
      <td className="num" data-stake>
        {moneyText(bet.stake, cur)}
      </td>
      <td className="num">{moneyText(bet.to_win, cur)}</td>
      <td>
        <span className="bet-status">{t(`status.${bet.status}`, { defaultValue: bet.status })}</span>
        {bet.reject_reason ? <div className="reject-reason">{codeText(bet.reject_reason)}</div> : null}
        {tab === 'running' && bet.status === 'running' && CashOutKinds.has(bet.kind) ? (
          <div>
            <CashOut bet={bet} auth={auth} offer={offer} />
          </div>
        ) : null}
      </td>
    </tr>
  );
}
