/**
 * /info/betlist: the running (outstanding), waiting and void/rejected lists of SPEC section 4 and
 * the settled bets of a date range (SettledBets, a one-off search). The three open lists are the
 * account stream's (`account/<id>`): the gateway pushes a bet placed in any tab or window
 * of the account, a live bet's decision and a settlement, with no timer here; parlay details on
 * demand; the stream's current cash-out offer of a running single or parlay, then cash-out (a fresh
 * quote via cashoutcheck, confirm, then accepted or the catalogue's code).
 */
import { type AccountModel, accountBets, formatGmt8, uiActionFor } from '@sportsbook/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { catalogueText } from '../../shared/i18n/index.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import type { Auth } from '../../shared/result.ts';
import { useAccountView } from '../account/accountStream.tsx';
import type { BetView } from '../betslip/types.ts';
import {
  type BetListTab,
  BetListTabs,
  type CashOutQuote,
  cashOut,
  cashOutCheck,
  fetchParlayDetails,
} from './infoApi.ts';
import { BetOdds, LegPick } from './LegPick.tsx';
import { moneyText } from './money.ts';
import { SettledBets } from './SettledBets.tsx';
import './info.css';

const CashOutKinds = new Set(['single', 'parlay']);

function useCodeText() {
  const { t } = useTranslation();
  return (code: string) => catalogueText(t, uiActionFor(code, { loggedIn: true }));
}

type CashOutState =
  | { step: 'idle' }
  | { step: 'quoting' }
  | { step: 'quoted'; quote: CashOutQuote; note: string | null }
  | { step: 'cashing'; quote: CashOutQuote }
  | { step: 'done'; value: number }
  | { step: 'failed'; code: string };

/** Codes after which a fresh quote is worth showing rather than a dead end. */
const RequoteCodes = new Set(['cashoutPriceChanged', 'cashoutExpired', 'oddsChanged']);

function CashOut({ bet, auth, offer }: { bet: BetView; auth: Auth; offer: number | null }) {
  const { t } = useBook();
  const codeText = useCodeText();
  const [state, setState] = useState<CashOutState>({ step: 'idle' });
  const quote = async (note: string | null) => {
    setState({ step: 'quoting' });
    const r = await cashOutCheck(api, auth, bet.bet_id);
    setState(r.ok ? { step: 'quoted', quote: r.value, note } : { step: 'failed', code: r.error.code });
  };
  const confirm = async (q: CashOutQuote) => {
    setState({ step: 'cashing', quote: q });
    const r = await cashOut(api, auth, q, crypto.randomUUID());
    // The account stream drops the bet from the running list once the upstream has it cashed out.
    if (r.ok) setState({ step: 'done', value: r.value.cashout_value ?? q.value });
    else if (RequoteCodes.has(r.error.code)) await quote(r.error.code);
    else setState({ step: 'failed', code: r.error.code });
  };
  const cur = bet.currency;
  switch (state.step) {
    case 'idle':
      return (
        <>
          {offer !== null ? (
            <span className="cashout-offer" data-cashout-offer={offer}>
              {t('betlist.cashoutOffer', { value: moneyText(offer, cur) })}{' '}
            </span>
          ) : null}
          <button type="button" data-action="cashout" onClick={() => void quote(null)}>
            {t('betlist.cashout')}
          </button>
        </>
      );
    case 'quoting':
    case 'cashing':
      return <span role="status">{t('betlist.cashoutWorking')}</span>;
    case 'quoted':
      return (
        <span className="cashout-offer" data-cashout="quoted">
          {state.note ? (
            <span role="alert" data-code={state.note}>
              {codeText(state.note)}{' '}
            </span>
          ) : null}
          {t('betlist.cashoutOffer', { value: moneyText(state.quote.value, cur) })}{' '}
          <button type="button" data-action="cashout-confirm" onClick={() => void confirm(state.quote)}>
            {t('betlist.cashoutConfirm')}
          </button>
          <button type="button" onClick={() => setState({ step: 'idle' })}>
            {t('betlist.cancel')}
          </button>
        </span>
      );
    case 'done':
      return (
        <span data-cashout="accepted" role="status">
          {t('betlist.cashoutDone', { value: moneyText(state.value, cur) })}
        </span>
      );
    case 'failed':
      return (
        <span data-cashout="rejected" data-code={state.code} role="alert">
          {codeText(state.code)}
        </span>
      );
  }
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
          {leg.score ? (
            <span className="leg-score">
              {' '}
              ({leg.score[0]}-{leg.score[1]})
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function BetRow({
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
  const [details, setDetails] = useState<BetView | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const multi = bet.legs.length > 1;
  const cur = bet.currency;
  const showDetails = async () => {
    if (details) return setDetails(null);
    const r = await fetchParlayDetails(api, auth, tab, bet.bet_id);
    if (r.ok) setDetails(r.value);
    else setDetailError(r.error.code);
  };
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

export default function BetListPage() {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const codeText = useCodeText();
  const { auth, report } = useMember();
  const [tab, setTab] = useState<BetListTab>('running');
  /** The settled tab (SettledBets: its own date range and calls). */
  const [settled, setSettled] = useState(false);
  const tp = usePlayer().t;
  // The account stream (no timer): the whole model, the tab's list picked from it here.
  const stream = useAccountView<AccountModel>((m) => m);
  const bets = useMemo(
    () => (stream.model === null ? null : accountBets(stream.model, tab)),
    [stream.model, tab],
  );
  const offers = stream.model?.cashout ?? {};
  const error = stream.error;

  return (
    <section className="info-page bet-list" aria-labelledby="page-title">
      <h1 id="page-title">{tAll('info.betlist')}</h1>
      <TabList
        className="info-tabs"
        tabs={[...(Object.keys(BetListTabs) as BetListTab[]), 'settled' as const]}
        current={settled ? 'settled' : tab}
        onSelect={(x) => {
          setSettled(x === 'settled');
          if (x !== 'settled') setTab(x);
        }}
        label={(x) => (x === 'settled' ? tp('settled.tab') : t(`betlist.tab.${x}`))}
      />
      {settled && auth ? <SettledBets auth={auth} report={report} /> : null}
      {!settled && error ? <p role="alert">{codeText(error)}</p> : null}
      {!settled && bets === null ? <p role="status">{tAll('common.loading')}</p> : null}
      {!settled && bets !== null && bets.length === 0 ? <p data-empty>{t('betlist.empty')}</p> : null}
      {!settled && bets !== null && bets.length > 0 && auth ? (
        <table className="info-table" data-list={tab}>
          <thead>
            <tr>
              <th>{t('betlist.col.ref')}</th>
              <th>{t('betlist.col.selection')}</th>
              <th>{t('betlist.col.odds')}</th>
              <th>{t('betlist.col.stake')}</th>
              <th>{t('betlist.col.win')}</th>
              <th>{t('betlist.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => (
              <BetRow
                key={bet.bet_id}
                bet={bet}
                tab={tab}
                auth={auth}
                offer={offers[bet.bet_id]?.value ?? null}
              />
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
