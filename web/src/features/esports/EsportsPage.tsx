/**
 * /esports2, the e-sports lobby: game tabs, live series with their maps and the round
 * (or kill) score of the map in play, upcoming series with their GMT+8 start, and three markets per
 * series (match winner, map handicap, total maps) priced live from the odds stream's sport 43
 * boards. A price goes to the bet slip (the board's OddsCell and BetSlip); the series state comes
 * from the gateway's shared topic `list/esports` (`esports2live` polled once for every player).
 * The data is `useEsportsLobby` (the topic and the boards' market index), a pick `usePickSeries`,
 * a series `SeriesCard` with its `SeriesMarkets`.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useAccount } from '../../app/contexts.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { OddsStreamProvider } from '../../shared/stream/react.tsx';
import { BetSlip } from '../betslip/BetSlip.tsx';
import { useSlipActor } from '../betslip/useSlipActor.ts';
import { BoardText } from '../board/OddsCell.tsx';
import '../board/board.css';
import './esports.css';
import { useEsportsText } from './i18n/index.ts';
import { SeriesCard } from './SeriesCard.tsx';
import { useEsportsLobby, useMarkets } from './useEsportsLobby.ts';
import { usePickSeries } from './usePickSeries.ts';
import { lobbySections } from './view.ts';

export { EsportsTopic } from './useEsportsLobby.ts';

export default function EsportsPage() {
  const account = useAccount();
  const credentials = account
    ? { account_id: account.info.account_id, session_token: account.info.session_token }
    : null;
  return <OddsStreamProvider credentials={credentials}>{account ? <Lobby /> : null}</OddsStreamProvider>;
}

function Lobby() {
  const { t } = useEsportsText();
  const book = useBook();
  const { slip, format, viewOnly } = useSlipActor();
  const lobby = useEsportsLobby();
  const [game, setGame] = useState('all');
  const markets = useMarkets();
  const onPick = usePickSeries(slip, book.t);

  const games = ['all', ...(lobby?.games.map((g) => g.game) ?? [])];
  const sections = lobbySections(lobby?.events ?? [], game);
  const gameName = (code: string) =>
    code === 'all' ? t('allGames') : (lobby?.games.find((g) => g.game === code)?.name ?? code);
  return (
    <BoardText.Provider value={book.t}>
      <div className="esports">
        <main className="esports-main">
          <div className="esports-head">
            <h1>{t('title')}</h1>
            <Link to="/efresult" className="esports-link">
              {t('resultsLink')}
            </Link>
          </div>
          {lobby ? <p className="esports-note">{t('duration', { minutes: lobby.params.duration })}</p> : null}
          <TabList
            className="tabs esports-games"
            tabs={games}
            current={game}
            onSelect={setGame}
            label={gameName}
            attr="data-game"
          />
          {lobby === null ? <p role="status">{t('loading')}</p> : null}
          {(['live', 'upcoming'] as const).map((section) => (
            <section key={section} className="esports-section" aria-labelledby={`esports-${section}`}>
              <h2 id={`esports-${section}`}>{t(section)}</h2>
              {lobby !== null && sections[section].length === 0 ? <p className="empty">{t('none')}</p> : null}
              <ul className="esports-list">
                {sections[section].map((event) => {
                  const located = markets(event.match_id);
                  return (
                    <SeriesCard
                      key={event.match_id}
                      event={event}
                      located={located}
                      format={format}
                      onPick={located ? onPick(event, located.topic) : undefined}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </main>
        <BetSlip slip={slip} viewOnly={viewOnly} />
      </div>
    </BoardText.Provider>
  );
}
