/**
 * A room's points bet slip: single or parlay, the picks (each following its price on the odds feed),
 * the stake, the combined odds, the refusal or the "placed" note, and the place button (open only
 * while the room takes bets).
 */
import type { MarketOdds } from '@sportsbook/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import type { Selection } from '../betslip/types.ts';
import { selectionText } from '../board/view.ts';
import { codeText } from './codeText.ts';
import { type PointsMode, slipOdds } from './rules.ts';
import { type RoomActor, useSlipData } from './useRoomData.ts';
import { useSlipFlow } from './useRoomFlow.ts';
import { useRoomsText } from './useRoomsText.ts';

const Modes: readonly PointsMode[] = ['single', 'parlay'];

export function PointsSlip({ actor, canBet }: { actor: RoomActor; canBet: boolean }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const { mode, picks, stake, points, error, placing } = useSlipData(actor);
  const { placedNote, place } = useSlipFlow(actor);
  const odds = slipOdds(picks);
  return (
    <form className="points-slip" onSubmit={place}>
      <p data-testid="points-left">
        {t('slip.pointsLeft', { points: points === null ? '-' : points.toFixed(2) })}
      </p>
      <div className="slip-modes" role="tablist">
        {Modes.map((m) => (
          <button
            type="button"
            role="tab"
            key={m}
            aria-selected={m === mode}
            onClick={() => actor.send({ type: 'slip.mode.change', mode: m })}
          >
            {t(`slip.mode.${m}`)}
          </button>
        ))}
      </div>
      {picks.length === 0 ? <p className="muted">{canBet ? t('slip.empty') : t('slip.closed')}</p> : null}
      <ul className="slip-picks">
        {picks.map((p) => (
          <PickRow key={`${p.oddsId}/${p.selection}`} actor={actor} pick={p} />
        ))}
      </ul>
      <label>
        {t('slip.stake')}
        <input
          name="stake"
          inputMode="decimal"
          value={stake}
          onChange={(e) => actor.send({ type: 'slip.stake.change', stake: e.target.value })}
        />
      </label>
      {picks.length > 0 ? <p>{t('slip.odds', { odds: odds.toFixed(2) })}</p> : null}
      {error ? (
        <p className="form-error" role="alert" data-code={error}>
          {error === 'insufficient_balance' ? t('slip.notEnoughPoints') : codeText(main.t, error)}
        </p>
      ) : null}
      {placedNote && !error ? (
        <p role="status" data-testid="bet-placed">
          {t('slip.placed')}
        </p>
      ) : null}
      <button type="submit" disabled={!canBet || placing || picks.length === 0}>
        {t('slip.place')}
      </button>
    </form>
  );
}

/** A pick on the slip, following its price on the odds feed (a moved price re-prices the pick). */
function PickRow({ actor, pick }: { actor: RoomActor; pick: Selection }) {
  const { t } = useRoomsText();
  const book = useBook();
  const odds = useTopicEntity<MarketOdds>(pick.topic, 'odds', pick.oddsId);
  const live = odds?.prices[pick.selection];
  const open = odds !== undefined && odds.status === 0;
  useEffect(() => {
    if (odds && live !== undefined && live > 1 && (live !== pick.price || odds.line !== pick.line))
      actor.send({
        type: 'slip.reprice',
        oddsId: pick.oddsId,
        selection: pick.selection,
        price: live,
        line: odds.line,
      });
  }, [actor, odds, live, pick]);
  return (
    <li data-odds={pick.oddsId}>
      <span>
        {pick.home} v {pick.away}: <strong>{selectionText(pick, book.t)}</strong> @ {pick.price.toFixed(2)}
        {odds !== undefined && !open ? <em className="muted"> {t('slip.suspended')}</em> : null}
      </span>
      <button
        type="button"
        className="link"
        aria-label={t('slip.remove')}
        onClick={() => actor.send({ type: 'slip.remove', oddsId: pick.oddsId })}
      >
        ×
      </button>
    </li>
  );
}
