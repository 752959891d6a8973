/**
 * /minigame: the number game panel (pick 1-5 of 40 numbers, a stake, the next open draw with its
 * countdown on the upstream's clock, the payout table with its RTP, the latest draw and the
 * member's open tickets), and below it the mini-game lobby of the game providers (features/games).
 * A member with mini games disabled (`MiniGameDisabled`, silent) sees neither. The data comes from
 * `useNumberGameData` (shared topic, account stream, the member's limits asked once); the ticket
 * from `useNgPlacement`.
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useMember } from '../../app/useMember.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useNow } from '../../shared/useNow.ts';
import { GameLobby } from '../games/GameLobby.tsx';
import { countdown } from '../virtual/view.ts';
import { useNumberGameText } from './i18n/index.ts';
import { NumberGrid, OpenTickets, PayoutTable } from './NgParts.tsx';
import { quickPick } from './picks.ts';
import { useNgPlacement } from './useNgPlacement.ts';
import { useNumberGameData } from './useNumberGameData.ts';
import './numbergame.css';

export default function NumberGamePage() {
  const { t } = useNumberGameText();
  const { currency } = useMember();
  const { disabled, draws, open, fail } = useNumberGameData();
  // The countdown's clock: ticks on screen only.
  const now = useNow(1000) + (draws?.offset ?? 0);
  const draw = draws?.open.find((d) => d.status === 'open' && d.close_time > now) ?? null;
  const ticket = useNgPlacement(draw, fail);
  const { picks, setPicks } = ticket;

  if (disabled) return null;
  const latest = draws?.recent.find((d) => d.status === 'drawn') ?? null;

  return (
    <div className="minigame-page">
      <section className="numbergame" aria-labelledby="ng-title">
        <h1 id="ng-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        {draw ? (
          <p className="ng-draw" data-draw={draw.draw_id}>
            {t('draw', { time: formatGmt8(draw.draw_time, 'HH:mm') })} ·{' '}
            <span data-countdown>{t('closesIn', { time: countdown(draw.close_time - now) })}</span>
          </p>
        ) : (
          <p className="ng-draw">{draws ? t('noDraw') : null}</p>
        )}
        <NumberGrid picks={picks} onChange={setPicks} />
        <div className="ng-actions">
          <button
            type="button"
            onClick={() => setPicks(quickPick(Math.max(1, picks.length || 3), Math.random))}
          >
            {t('quickPick')}
          </button>
          <button type="button" onClick={() => setPicks([])}>
            {t('clear')}
          </button>
          <label>
            {t('stake')}
            <input
              name="stake"
              inputMode="decimal"
              value={ticket.stake}
              onChange={(e) => ticket.setStake(e.target.value)}
              aria-describedby="ng-limits"
            />
          </label>
          {draws ? (
            <span id="ng-limits" className="ng-limits">
              {t('limits', {
                min: formatMoney(toMinor(draws.min_stake, currency), currency),
                max: formatMoney(toMinor(draws.max_stake, currency), currency),
              })}
            </span>
          ) : null}
          <button
            type="button"
            className="primary"
            disabled={!ticket.canPlace}
            onClick={() => void ticket.place()}
          >
            {ticket.busy ? t('placing') : t('place')}
          </button>
        </div>
        {ticket.accepted ? (
          <p role="status" data-ticket={ticket.accepted}>
            {t('accepted', { id: ticket.accepted })}
          </p>
        ) : null}
        {latest ? (
          <p className="ng-latest" data-latest={latest.draw_id}>
            {t('draw', { time: formatGmt8(latest.draw_time, 'HH:mm') })}: {(latest.numbers ?? []).join(' ')}
          </p>
        ) : null}
        <OpenTickets open={open} />
        {draws ? <PayoutTable table={draws.table} /> : null}
      </section>
      <section className="minigame-lobby" aria-label={t('moreGames')}>
        <h2>{t('moreGames')}</h2>
        <GameLobby lobby="minigame" />
      </section>
    </div>
  );
}
