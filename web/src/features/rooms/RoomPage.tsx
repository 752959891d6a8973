/**
 * /tournament2/room/<id>: one room. Details, countdowns to the last join and last betting times
 * (GMT+8), prize pool and prize table, the room's matches with live odds, the points bet slip
 * (single and parlay), my bets, the live ranking (my row highlighted), the result and prizes when
 * it ends; leave before it starts (fee refunded). A non-member gets the join form. All of it follows
 * the roomMachine, fed by the `room/<id>` topic.
 */
import { type MarketOdds, RoomStatus } from '@sportsbook/protocol';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { useTopicEntity } from '../../shared/stream/react.tsx';
import type { Selection } from '../betslip/types.ts';
import { legText, selectionText } from '../board/view.ts';
import { codeText } from './codeText.ts';
import { JoinForm } from './JoinForm.tsx';
import { money, RoomFacts, StatusBadge } from './RoomBits.tsx';
import { RoomMatch } from './RoomOdds.tsx';
import { RoomsGate, useAuth } from './RoomsGate.tsx';
import type { roomMachine } from './roomMachine.ts';
import { type PointsMode, slipOdds } from './rules.ts';
import './rooms.css';
import { useRoomActor } from './useRoomActor.ts';
import { useRoomsText } from './useRoomsText.ts';

type RoomActor = ActorRefFrom<typeof roomMachine>;

export default function RoomPage() {
  return (
    <RoomsGate>
      <RoomById />
    </RoomsGate>
  );
}

function RoomById() {
  const { roomId } = useParams();
  const id = Number(roomId);
  // A new id is a new machine.
  return <Room key={id} roomId={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
}

function Room({ roomId }: { roomId: number }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const auth = useAuth();
  const actor = useRoomActor({ auth: auth ?? { account_id: '', session_token: '' }, roomId });
  const state = useSelector(actor, (s) =>
    s.matches('member')
      ? 'member'
      : s.matches('joining')
        ? 'joining'
        : s.matches('left')
          ? 'left'
          : s.matches('missing')
            ? 'missing'
            : 'loading',
  );
  const error = useSelector(actor, (s) => s.context.error);
  const back = (
    <Link className="back" to="/tournament2/home">
      {t('room.backToLobby')}
    </Link>
  );
  if (state === 'loading') return <p className="loading" role="status" aria-busy="true" />;
  if (state === 'missing')
    return (
      <div className="rooms-page room-page">
        {back}
        <p role="alert">{error ? codeText(main.t, error) : t('room.missing')}</p>
      </div>
    );
  if (state === 'left')
    return (
      <div className="rooms-page room-page">
        {back}
        <p role="status" data-testid="left">
          {t('room.left')}
        </p>
      </div>
    );
  if (state === 'joining')
    return (
      <div className="rooms-page room-page">
        {back}
        <JoinForm actor={actor} />
      </div>
    );
  return <MemberRoom actor={actor} back={back} />;
}

function MemberRoom({ actor, back }: { actor: RoomActor; back: React.ReactNode }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const room = useSelector(actor, (s) => s.context.room);
  const ranking = useSelector(actor, (s) => s.context.ranking);
  const me = useSelector(actor, (s) => s.context.me);
  const stale = useSelector(actor, (s) => s.context.stale);
  const phase = useSelector(actor, (s) => {
    const value = s.value as { member?: { phase?: unknown } };
    const p = value.member?.phase;
    return typeof p === 'string' ? p : p && typeof p === 'object' ? Object.keys(p)[0] : 'routing';
  });
  const error = useSelector(actor, (s) => s.context.error);
  const [confirmLeave, setConfirmLeave] = useState(false);
  if (!room) return null;
  const canBet = phase === 'active';
  // Nicknames may repeat (masked logins): my row is my rank, as my session's reply last said.
  const isMe = (row: { rank: number; nickname: string }) =>
    me !== null && row.rank === me.rank && row.nickname === me.nickname;
  const ended = room.status === RoomStatus.ended;
  const myPrize = ended && me ? me.prize : 0;
  return (
    <div className="rooms-page room-page" data-room={room.room_id} data-phase={phase}>
      {back}
      <div className="room-head">
        <h1>
          {t('room.title', { id: room.room_id })} · {t(`type.${room.room_type}`)}
        </h1>
        <StatusBadge room={room} />
        <span className="owner">{t('room.owner', { owner: room.owner })}</span>
        {room.password ? (
          <span className="pin-note" data-testid="room-pin">
            {t('room.pinIs', { pin: room.password })}
          </span>
        ) : null}
      </div>
      {stale ? (
        <p className="rooms-stale" role="alert">
          {t('lobby.stale')}
        </p>
      ) : null}
      {ended ? (
        <p className="room-result" role="status" data-testid="room-result">
          {me
            ? t('result.ended', { rank: me.rank, points: me.points, prize: money(myPrize, room.currency) })
            : t('result.endedNoRank')}
        </p>
      ) : null}
      {room.status === RoomStatus.cancelled ? (
        <p className="room-result" role="status" data-testid="room-result">
          {t('result.cancelled')}
        </p>
      ) : null}
      {room.status === RoomStatus.closed ? (
        <p className="room-result" role="status" data-testid="room-result">
          {t('result.closed')}
        </p>
      ) : null}
      {phase === 'stopBetting' ? <p className="room-note">{t('room.stopBetting')}</p> : null}
      {phase === 'joined' ? <p className="room-note">{t('room.waitingStart')}</p> : null}
      <RoomFacts room={room} />
      <div className="room-grid">
        <section className="room-section" aria-labelledby="room-matches">
          <h2 id="room-matches">{t('room.matches')}</h2>
          <RoomMatches actor={actor} matches={room.matches} canBet={canBet} />
        </section>
        <section className="room-section" aria-labelledby="room-slip" data-tour="bet">
          <h2 id="room-slip">{t('slip.title')}</h2>
          <PointsSlip actor={actor} canBet={canBet} />
          <MyBets actor={actor} />
        </section>
        <section className="room-section" aria-labelledby="room-ranking" data-tour="ranking">
          <h2 id="room-ranking">{t('ranking.title')}</h2>
          <table className="ranking" data-testid="ranking">
            <thead>
              <tr>
                <th>{t('ranking.rank')}</th>
                <th>{t('ranking.player')}</th>
                <th>{t('ranking.points')}</th>
                {ended ? <th>{t('ranking.prize')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {ranking.map((row) => (
                <tr
                  key={row.rank}
                  className={isMe(row) ? 'me' : undefined}
                  aria-current={isMe(row) ? 'true' : undefined}
                  data-rank={row.rank}
                >
                  <td>{row.rank}</td>
                  <td>{row.nickname}</td>
                  <td data-points={row.points}>{row.points.toFixed(2)}</td>
                  {ended ? <td>{money(row.prize, room.currency)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="room-section" aria-labelledby="room-prizes" data-tour="prizes">
          <h2 id="room-prizes">{t('prizes.title')}</h2>
          <p data-testid="prize-pool">{t('prizes.pool', { pool: money(room.prize_pool, room.currency) })}</p>
          <table className="prize-table">
            <tbody>
              {room.prizes.map((prize, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the rank
                <tr key={i}>
                  <td>{t('prizes.rank', { rank: i + 1 })}</td>
                  <td>{money(prize, room.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">{t('prizes.rules', { pct: room.commission_pct })}</p>
        </section>
      </div>
      {phase === 'joined' || phase === 'leaving' ? (
        <div className="leave">
          {confirmLeave ? (
            <>
              <span>{t('leave.confirm')}</span>
              <button
                type="button"
                disabled={phase === 'leaving'}
                onClick={() => actor.send({ type: 'room.leave', requestId: `leave-${crypto.randomUUID()}` })}
              >
                {t('leave.yes')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmLeave(false)}>
                {t('common.cancel')}
              </button>
            </>
          ) : (
            <button type="button" className="secondary" onClick={() => setConfirmLeave(true)}>
              {t('leave.button')}
            </button>
          )}
          {error && phase === 'joined' ? (
            <p className="form-error" role="alert">
              {codeText(main.t, error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function RoomMatches({ actor, matches, canBet }: { actor: RoomActor; matches: number[]; canBet: boolean }) {
  const picks = useSelector(actor, (s) => s.context.picks);
  const picked = useMemo(() => new Set(picks.map((p) => `${p.oddsId}/${p.selection}`)), [picks]);
  return (
    <ul className="room-matches">
      {matches.map((id) => (
        <RoomMatch
          key={id}
          matchId={id}
          canBet={canBet}
          picked={picked}
          onPick={(selection) => actor.send({ type: 'slip.pick', selection })}
        />
      ))}
    </ul>
  );
}

const Modes: readonly PointsMode[] = ['single', 'parlay'];

function PointsSlip({ actor, canBet }: { actor: RoomActor; canBet: boolean }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const mode = useSelector(actor, (s) => s.context.slipMode);
  const picks = useSelector(actor, (s) => s.context.picks);
  const stake = useSelector(actor, (s) => s.context.stake);
  const points = useSelector(actor, (s) => s.context.points);
  const error = useSelector(actor, (s) => s.context.error);
  const placing = useSelector(actor, (s) => s.matches({ member: { phase: { active: 'placing' } } }));
  const [placedNote, setPlacedNote] = useState(false);
  useEffect(() => {
    const sub = actor.on('bet.placed', () => setPlacedNote(true));
    return () => sub.unsubscribe();
  }, [actor]);
  const odds = slipOdds(picks);
  return (
    <form
      className="points-slip"
      onSubmit={(e) => {
        e.preventDefault();
        setPlacedNote(false);
        actor.send({ type: 'slip.place', requestId: `bet-${crypto.randomUUID()}` });
      }}
    >
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

function MyBets({ actor }: { actor: RoomActor }) {
  const { t } = useRoomsText();
  const book = useBook();
  const bets = useSelector(actor, (s) => s.context.bets);
  return (
    <div className="my-bets">
      <h3>{t('bets.title')}</h3>
      {bets.length === 0 ? <p className="muted">{t('bets.none')}</p> : null}
      <ul data-testid="my-bets">
        {bets.map((b) => (
          <li key={b.bet_id} data-status={b.status}>
            <span>
              {t(`slip.mode.${b.kind}`)} ·{' '}
              {b.legs.map((l) => `${legText(l, book.t)} @ ${l.price.toFixed(2)}`).join(' + ')}
            </span>
            <span>
              {t('bets.stake', { stake: b.stake.toFixed(2) })} ·{' '}
              {t(`bets.status.${b.status}`, { defaultValue: b.status })}
              {b.settled_time ? ` · ${t('bets.returned', { points: b.returned.toFixed(2) })}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
