/**
 * The room's matches with live odds from the odds feed (`match/<id>` topics): the main handicap,
 * over/under and 1X2 prices of each match as decimal prices; a price is a points pick for the slip
 * while the room takes bets.
 */
import type { MarketModel, MarketOdds } from '@sportsbook/protocol';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useTopicSelector } from '../../shared/stream/react.tsx';
import type { TopicView } from '../../shared/stream/topicState.ts';
import type { Selection } from '../betslip/types.ts';
import { pickLabel } from '../board/view.ts';
import { gmt8 } from './rules.ts';
import { useRoomsText } from './useRoomsText.ts';

const MainBetTypes = ['HDP', 'OU', '1X2'] as const;

interface MatchOddsView {
  match: MarketModel['match'][string] | null;
  league: string;
  odds: MarketOdds[];
}

const emptyView: MatchOddsView = { match: null, league: '', odds: [] };

function matchOdds(view: TopicView<MarketModel>, matchId: number): MatchOddsView {
  const model = view.model;
  if (!model) return emptyView;
  const match = model.match[String(matchId)] ?? null;
  const all = Object.values(model.odds).filter((o) => o.matchId === matchId);
  const odds = MainBetTypes.flatMap((type) => all.find((o) => o.betType === type) ?? []);
  return { match, league: match ? (model.league[String(match.leagueId)]?.name ?? '') : '', odds };
}

const sameView = (a: MatchOddsView, b: MatchOddsView) =>
  a.match === b.match && a.odds.length === b.odds.length && a.odds.every((o, i) => o === b.odds[i]);

export function RoomMatch({
  matchId,
  canBet,
  picked,
  onPick,
}: {
  matchId: number;
  canBet: boolean;
  picked: ReadonlySet<string>;
  onPick: (selection: Selection) => void;
}) {
  const { t } = useRoomsText();
  const book = useBook();
  const topic = `match/${matchId}`;
  const view = useTopicSelector<MarketModel, MatchOddsView>(topic, (v) => matchOdds(v, matchId), sameView);
  const match = view.match;
  if (!match) {
    return (
      <li className="room-match" data-match={matchId}>
        <span className="muted">{t('match.loading', { id: matchId })}</span>
      </li>
    );
  }
  const teams = { home: match.home, away: match.away };
  return (
    <li className="room-match" data-match={matchId}>
      <div className="room-match-head">
        <strong>
          {match.home} v {match.away}
        </strong>
        <small>
          {view.league} · {gmt8(new Date(match.kickoff).toISOString())}
          {match.live === 1 ? ` · ${t('match.live')}` : ''}
        </small>
      </div>
      <div className="room-match-odds">
        {view.odds.length === 0 ? <span className="muted">{t('match.noOdds')}</span> : null}
        {view.odds.map((odds) =>
          odds.prices.map((price, index) => {
            const label = pickLabel(odds, index, teams, book.t);
            const key = `${odds.id}/${index}`;
            return (
              <button
                type="button"
                key={key}
                className="room-price"
                data-odds={odds.id}
                data-index={index}
                aria-pressed={picked.has(key)}
                disabled={!canBet || odds.status !== 0 || price <= 1}
                onClick={() =>
                  onPick({
                    topic,
                    oddsId: odds.id,
                    matchId,
                    sportId: match.sportId,
                    leagueName: view.league,
                    home: match.home,
                    away: match.away,
                    betType: odds.betType,
                    selection: index,
                    line: odds.line,
                    price,
                    label,
                    live: match.live === 1,
                    parlay: true,
                  })
                }
              >
                <span className="label">{label}</span> <span className="price">{price.toFixed(2)}</span>
              </button>
            );
          }),
        )}
      </div>
    </li>
  );
}
