/**
 * /info/betlist: the running (outstanding), waiting and void/rejected lists of SPEC section 4 and
 * the settled bets of a date range (SettledBets, a one-off search). The three open lists are the
 * account stream's (`account/<id>`, useBetList): the gateway pushes a bet placed in any tab or window
 * of the account, a live bet's decision and a settlement, with no timer here; parlay details on
 * demand (BetRow); the stream's current cash-out offer of a running single or parlay, then cash-out
 * (CashOut: a fresh quote via cashoutcheck, confirm, then accepted or the catalogue's code).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMember } from '../../app/useMember.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import { BetRow } from './BetRow.tsx';
import { type BetListTab, BetListTabs } from './infoApi.ts';
import { SettledBets } from './SettledBets.tsx';
import { useBetList } from './useBetList.ts';
import { useCodeText } from './useCodeText.ts';
import './info.css';

export default function BetListPage() {
  const { t } = useBook();
  const tAll = useTranslation().t;
  const codeText = useCodeText();
  const { auth, report } = useMember();
  const [tab, setTab] = useState<BetListTab>('running');
  /** The settled tab (SettledBets: its own date range and calls). */
  const [settled, setSettled] = useState(false);
  const tp = usePlayer().t;
  const { bets, offers, error } = useBetList(tab);

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
