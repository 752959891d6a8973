/**
 * /w4d, the 4D lottery (issue 16): a keyboard-first entry grid (number, Big, Small, bet type per
 * row; permutations and cost per row and in total as you type), a server quote to confirm, then the
 * accepted ticket; open tickets, my results, and a results board with the latest draws' 23 numbers
 * and a countdown to the next close. A member with the lottery disabled (`lotteryDisabled`, silent)
 * sees nothing of it. Times show in GMT+8; the countdown runs on the upstream's clock (drawlist `now`).
 * Data (issue 27): the draws and their results are the gateway's shared topic `list/lottery` (one
 * upstream poll for every player); the member's open tickets are the account stream's
 * (`account/<id>`, one gateway poll per account, pushed at once after a ticket is placed in any tab
 * and when a draw settles them); the settled results are asked with the member's session when the
 * page opens and when a draw is drawn, never on a timer (`refreshMine`).
 */
import {
  accountTickets,
  formatGmt8,
  isLotteryDisabled,
  type LotteryBetTypeCode,
  type LotteryListModel,
  lotteryDrawsOf,
  normalizeDigits,
  PrizeRanks,
  rankedNumbers,
} from '@sportsbook/protocol';
import { useMachine } from '@xstate/react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useTopicView } from '../../shared/stream/react.tsx';
import { useNow } from '../../shared/useNow.ts';
import { useAccountView } from '../account/accountStream.tsx';
import { useLotteryText } from './i18n/index.ts';
import {
  checkRows,
  type DrawList,
  fetchResults,
  fetchUnitLimits,
  type LotteryDraw,
  type LotteryTicket,
  newRequestId,
  placeTicket,
} from './lotteryApi.ts';
import { BetTypes, blankRow, type EntryRow, quoteGrid, rowsBody } from './rows.ts';
import { type TicketDeps, ticketMachine } from './ticketMachine.ts';
import './lottery.css';

/** The shared draws and results: one gateway topic for every player (protocol listFeed.ts). */
export const LotteryTopic = 'list/lottery';
const DayMs = 86_400_000;
const StartRows = 5;
const Fields = ['number', 'big', 'small', 'betType'] as const;

function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** No open tickets (one object, so the list keeps its identity until the stream's first model). */
const NoTickets: LotteryTicket[] = [];

export default function LotteryPage() {
  const { t } = useLotteryText();
  const { auth, currency, report } = useMember();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  // The profile says so (player_info lottery_disabled), or a lottery call answers lotteryDisabled.
  const [refused, setRefused] = useState(false);
  const disabled = refused || (account !== null && isLotteryDisabled(account.info));
  // Shared: the draws from the topic; `offset` is the upstream clock's lead on ours (now - pt).
  const shared = useTopicView<LotteryListModel, DrawList>(disabled ? null : LotteryTopic, lotteryDrawsOf);
  const draws = useMemo(
    () => (shared.model ? { ...shared.model, offset: shared.model.now - (shared.pt ?? Date.now()) } : null),
    [shared.model, shared.pt],
  );
  const upstreamNow = useRef<number | null>(null);
  upstreamNow.current = draws?.now ?? null;
  // Personal: the open tickets from the account stream (issue 27 item 2).
  const open = useAccountView((m) => accountTickets(m.lottery)).model ?? NoTickets;
  const [results, setResults] = useState<LotteryTicket[]>([]);
  const [drawId, setDrawId] = useState<string | null>(null);
  const [boardId, setBoardId] = useState<string | null>(null);
  const [rows, setRows] = useState<EntryRow[]>(() =>
    Array.from({ length: StartRows }, (_, i) => blankRow(i + 1)),
  );
  const settledSeen = useRef<string | null>(null);
  const grid = useRef<HTMLFieldSetElement>(null);

  // Personal: this member's settled results (gameresultlottery), with the member's session. Asked
  // when the page opens, after a ticket is placed and when a draw is drawn (the shared topic shows a
  // new result); never on a timer. The open tickets are the account stream's (above).
  const refreshMine = useCallback(async () => {
    const now = upstreamNow.current;
    if (!auth || now === null) return;
    const settled = await fetchResults(api, auth, now - DayMs, now);
    if (!settled.ok) {
      if (settled.code === 'lotteryDisabled') setRefused(true);
      report(settled.code);
    } else {
      setResults(settled.value);
      const latest = settled.value.map((x) => `${x.ticket_id}:${x.status}`).join(',');
      // A ticket settled since the last look: the balance changed.
      if (settledSeen.current !== null && latest !== settledSeen.current)
        session.send({ type: 'balance.refresh' });
      settledSeen.current = latest;
    }
  }, [auth, report, session]);

  // The latest draw drawn (or cancelled): a new one may have settled this member's tickets.
  const lastResult = draws?.recent.find((d) => d.status === 'drawn' || d.status === 'cancelled')?.draw_id;
  const haveDraws = draws !== null;
  useEffect(() => {
    if (disabled || !haveDraws) return;
    void lastResult;
    void refreshMine();
  }, [refreshMine, disabled, haveDraws, lastResult]);

  const deps = useMemo<TicketDeps>(
    () => ({
      check: (a, d, r) => checkRows(api, a, d, r),
      place: (a, d, r, id) => placeTicket(api, a, d, r, id),
      newRequestId,
    }),
    [],
  );
  const [state, send, actor] = useMachine(ticketMachine, { input: { deps } });
  // The member's per-unit Big/Small limits (betcheck without rows), shown before typing and checked
  // per row as typed (issue 33).
  const [unitLimits, setUnitLimits] = useState<{ min: number; max: number } | null>(null);
  useEffect(() => {
    if (!auth || disabled) return;
    let live = true;
    void fetchUnitLimits(api, auth).then((r) => {
      if (live && r.ok)
        setUnitLimits({ min: toMinor(r.value.min_unit, currency), max: toMinor(r.value.max_unit, currency) });
    });
    return () => {
      live = false;
    };
  }, [auth, disabled, currency]);
  useEffect(() => {
    const failed = actor.on('ticket.failed', (e) => report(e.code));
    const placed = actor.on('ticket.placed', () => {
      session.send({ type: 'balance.refresh' });
      setRows(Array.from({ length: StartRows }, (_, i) => blankRow(i + 1)));
      void refreshMine();
    });
    return () => {
      failed.unsubscribe();
      placed.unsubscribe();
    };
  }, [actor, report, session, refreshMine]);

  const now = useNow(1000) + (draws?.offset ?? 0);
  const openDraws = (draws?.open ?? []).filter((d) => d.status === 'open' && d.close_time > now);
  const selected = openDraws.find((d) => d.draw_id === drawId) ?? openDraws[0] ?? null;
  const drawn = (draws?.recent ?? []).filter((d) => d.status === 'drawn' || d.status === 'cancelled');
  const board = drawn.find((d) => d.draw_id === boardId) ?? drawn[0] ?? null;
  const quote = useMemo(() => quoteGrid(rows, currency, unitLimits), [rows, currency, unitLimits]);
  // The review stays on its draw (issue 33): closed once its close time passes on the upstream's
  // clock, or when the placement answered drawClosed; then the next open draw is offered.
  const reviewing = state.matches('confirming') || state.matches('placing');
  const reviewClose = state.context.closeTime;
  const reviewClosed =
    state.matches('confirming') &&
    (state.context.code === 'drawClosed' || (reviewClose !== null && now >= reviewClose));
  const nextDraw = openDraws.find((d) => d.draw_id !== state.context.drawId) ?? null;
  useEffect(() => {
    if (reviewClosed && state.context.code !== 'drawClosed') send({ type: 'draw.closed' });
  }, [reviewClosed, state.context.code, send]);

  if (disabled || !auth) return <section className="lottery" hidden data-lottery="hidden" />;

  const editing = state.matches('editing') || state.matches('checking');
  const setRow = (id: number, change: Partial<EntryRow>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const addRows = () =>
    setRows((all) => {
      const next = Math.max(0, ...all.map((r) => r.id)) + 1;
      const betType = all.at(-1)?.betType ?? 'D_1';
      return [...all, ...Array.from({ length: StartRows }, (_, i) => blankRow(next + i, betType))];
    });
  /** Enter moves to the next field; on the last row's last field it adds rows first. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: number, field: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const last = row === rows.length - 1 && field === Fields.length - 1;
    if (last) addRows();
    const [nextRow, nextField] = field === Fields.length - 1 ? [row + 1, 0] : [row, field + 1];
    const focus = () =>
      grid.current?.querySelector<HTMLElement>(`[data-cell="${nextRow}-${nextField}"]`)?.focus();
    // At once, so fast typing lands in the next field; after the render when rows were added.
    if (last) requestAnimationFrame(focus);
    else focus();
  };
  const review = () => {
    if (!selected || !quote.ready) return;
    send({
      type: 'ticket.review',
      auth,
      drawId: selected.draw_id,
      drawTime: selected.draw_time,
      closeTime: selected.close_time,
      rows: rowsBody(quote, currency),
    });
  };
  const money = (major: number) => formatMoney(toMinor(major, currency), currency);
  const drawLabel = (time: number) => formatGmt8(time, 'dd/MM HH:mm');
  const reviewTime =
    state.context.drawTime ??
    [...(draws?.open ?? []), ...(draws?.recent ?? [])].find((d) => d.draw_id === state.context.drawId)
      ?.draw_time ??
    0;
  const moveToNext = () => {
    if (!nextDraw) return;
    setDrawId(nextDraw.draw_id);
    send({
      type: 'ticket.move',
      drawId: nextDraw.draw_id,
      drawTime: nextDraw.draw_time,
      closeTime: nextDraw.close_time,
    });
  };
  const rankLabel = (rank: string) => t(rank);

  return (
    <section className="lottery" aria-labelledby="lottery-title">
      <header className="lottery-head">
        <h1 id="lottery-title">{t('title')}</h1>
        {selected ? (
          <div className="lottery-draw">
            <label>
              {t('drawSelect')}{' '}
              <select
                value={selected.draw_id}
                onChange={(e) => setDrawId(e.target.value)}
                disabled={!editing}
              >
                {openDraws.map((d) => (
                  <option key={d.draw_id} value={d.draw_id}>
                    {t('drawOption', { time: formatGmt8(d.draw_time, 'dd/MM HH:mm') })}
                  </option>
                ))}
              </select>
            </label>
            <output
              className="lottery-countdown"
              data-draw={selected.draw_id}
              data-close={selected.close_time}
            >
              {t('closesIn', { time: countdownText(selected.close_time - now) })}
            </output>
          </div>
        ) : (
          <p>{draws ? t('noDraw') : null}</p>
        )}
      </header>

      {reviewing ? (
        <section
          className="lottery-confirm"
          aria-labelledby="lottery-confirm-title"
          data-review-draw={state.context.drawId ?? undefined}
          data-closed={reviewClosed || undefined}
        >
          <h2 id="lottery-confirm-title">{t('confirmTitle')}</h2>
          <p>{t('drawOption', { time: drawLabel(reviewTime) })}</p>
          {reviewClosed ? (
            <div className="lottery-closed" role="alert" data-draw-closed={state.context.drawId ?? undefined}>
              <p>
                <strong>{t('drawClosedTitle', { time: drawLabel(reviewTime) })}</strong>
              </p>
              <p>{nextDraw ? t('drawClosedNote') : t('noDraw')}</p>
            </div>
          ) : null}
          <table className="lottery-table">
            <thead>
              <tr>
                <th>{t('number')}</th>
                <th>{t('betType')}</th>
                <th className="num">{t('big')}</th>
                <th className="num">{t('small')}</th>
                <th className="num">{t('permutations')}</th>
                <th className="num">{t('cost')}</th>
              </tr>
            </thead>
            <tbody>
              {state.context.quote?.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one quote never reorder; equal rows may repeat.
                <tr key={`${r.number}-${i}`}>
                  <td>{r.number}</td>
                  <td>{t(`type.${r.bet_type}`)}</td>
                  <td className="num">{money(r.big)}</td>
                  <td className="num">{money(r.small)}</td>
                  <td className="num">{r.permutations}</td>
                  <td className="num">{money(r.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p
            className="lottery-total"
            data-confirm-total={toMinor(state.context.quote?.total_cost ?? 0, currency)}
          >
            {t('total')}: {currency} {money(state.context.quote?.total_cost ?? 0)}
          </p>
          <div className="lottery-actions">
            <button
              type="button"
              onClick={() => send({ type: 'ticket.back' })}
              disabled={state.matches('placing')}
            >
              {t('back')}
            </button>
            {reviewClosed ? (
              nextDraw ? (
                <button type="button" className="primary" data-action="move" onClick={moveToNext}>
                  {t('moveToNext', { time: drawLabel(nextDraw.draw_time) })}
                </button>
              ) : null
            ) : (
              <button
                type="button"
                className="primary"
                onClick={() => send({ type: 'ticket.confirm' })}
                disabled={state.matches('placing')}
              >
                {state.matches('placing') ? t('placing') : t('confirm')}
              </button>
            )}
          </div>
        </section>
      ) : state.matches('placed') && state.context.ticket ? (
        <section className="lottery-accepted" aria-live="polite">
          <h2>{t('accepted', { id: state.context.ticket.ticket_id })}</h2>
          <TicketCard ticket={state.context.ticket} money={money} t={t} />
          <button type="button" className="primary" onClick={() => send({ type: 'ticket.again' })}>
            {t('newTicket')}
          </button>
        </section>
      ) : (
        <section className="lottery-entry" aria-labelledby="lottery-entry-title">
          <h2 id="lottery-entry-title">{t('entry')}</h2>
          <p className="lottery-hint">{t('hint')}</p>
          {unitLimits ? (
            <p
              className="lottery-limits"
              id="lottery-limits"
              data-limits={`${unitLimits.min}-${unitLimits.max}`}
            >
              {t('limits', {
                currency,
                min: formatMoney(unitLimits.min, currency),
                max: formatMoney(unitLimits.max, currency),
              })}
            </p>
          ) : null}
          <fieldset className="lottery-grid" ref={grid} aria-labelledby="lottery-entry-title">
            <div className="lottery-row lottery-grid-head" aria-hidden="true">
              <span>#</span>
              <span>{t('number')}</span>
              <span>{t('big')}</span>
              <span>{t('small')}</span>
              <span>{t('betType')}</span>
              <span className="num">{t('permutations')}</span>
              <span className="num">{t('cost')}</span>
            </div>
            {quote.rows.map((q, i) => {
              const label = t('rowLabel', { n: i + 1 });
              const problem = q.problem
                ? t(`row.${q.problem}`, {
                    currency,
                    min: formatMoney(q.limit ?? 0, currency),
                    max: formatMoney(q.limit ?? 0, currency),
                  })
                : '';
              const amountWrong =
                q.problem === 'amount' ||
                q.problem === 'tooManyDecimals' ||
                q.problem === 'belowMin' ||
                q.problem === 'aboveMax' ||
                undefined;
              return (
                <div
                  className="lottery-row"
                  key={q.row.id}
                  data-row={i}
                  data-problem={q.problem ?? undefined}
                >
                  <span className="lottery-row-n">{i + 1}</span>
                  <input
                    data-cell={`${i}-0`}
                    aria-label={`${label} ${t('number')}`}
                    placeholder={t('number')}
                    aria-invalid={q.problem === 'number' || undefined}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={4}
                    value={q.row.number}
                    onChange={(e) =>
                      setRow(q.row.id, { number: normalizeDigits(e.target.value).replace(/\D/g, '') })
                    }
                    onKeyDown={(e) => onKeyDown(e, i, 0)}
                  />
                  <input
                    data-cell={`${i}-1`}
                    aria-label={`${label} ${t('big')}`}
                    placeholder={t('big')}
                    aria-invalid={amountWrong}
                    aria-describedby={
                      amountWrong ? `lottery-row-${i}-problem` : unitLimits ? 'lottery-limits' : undefined
                    }
                    inputMode="decimal"
                    autoComplete="off"
                    value={q.row.big}
                    onChange={(e) => setRow(q.row.id, { big: e.target.value })}
                    onKeyDown={(e) => onKeyDown(e, i, 1)}
                  />
                  <input
                    data-cell={`${i}-2`}
                    aria-label={`${label} ${t('small')}`}
                    placeholder={t('small')}
                    aria-invalid={amountWrong}
                    aria-describedby={
                      amountWrong ? `lottery-row-${i}-problem` : unitLimits ? 'lottery-limits' : undefined
                    }
                    inputMode="decimal"
                    autoComplete="off"
                    value={q.row.small}
                    onChange={(e) => setRow(q.row.id, { small: e.target.value })}
                    onKeyDown={(e) => onKeyDown(e, i, 2)}
                  />
                  <select
                    data-cell={`${i}-3`}
                    aria-label={`${label} ${t('betType')}`}
                    value={q.row.betType}
                    onChange={(e) => setRow(q.row.id, { betType: e.target.value as LotteryBetTypeCode })}
                    onKeyDown={(e) => onKeyDown(e, i, 3)}
                  >
                    {BetTypes.map((code) => (
                      <option key={code} value={code}>
                        {t(`type.${code}`)}
                      </option>
                    ))}
                  </select>
                  <span className="num" data-perms={q.permutations ?? ''}>
                    {q.permutations ?? ''}
                  </span>
                  <span
                    className="num"
                    data-cost={q.cost ?? ''}
                    title={problem}
                    id={`lottery-row-${i}-problem`}
                  >
                    {q.cost !== null ? formatMoney(q.cost, currency) : problem}
                  </span>
                </div>
              );
            })}
          </fieldset>
          <p className="lottery-total" data-total={quote.total}>
            {t('total')}: {currency} {formatMoney(quote.total, currency)}
          </p>
          <div className="lottery-actions">
            <button type="button" onClick={addRows}>
              {t('addRows')}
            </button>
            <button
              type="button"
              onClick={() => setRows(Array.from({ length: StartRows }, (_, i) => blankRow(i + 1)))}
            >
              {t('clear')}
            </button>
            <button
              type="button"
              className="primary"
              onClick={review}
              disabled={!quote.ready || !selected || !state.matches('editing')}
            >
              {state.matches('checking') ? t('checking') : t('review')}
            </button>
          </div>
        </section>
      )}

      <section className="lottery-board" aria-labelledby="lottery-board-title" data-draw={board?.draw_id}>
        <h2 id="lottery-board-title">{t('board')}</h2>
        {board ? (
          <>
            <select
              aria-label={t('drawSelect')}
              value={board.draw_id}
              onChange={(e) => setBoardId(e.target.value)}
            >
              {drawn.map((d) => (
                <option key={d.draw_id} value={d.draw_id}>
                  {t('drawOption', { time: formatGmt8(d.draw_time, 'dd/MM HH:mm') })}
                </option>
              ))}
            </select>
            {board.numbers ? (
              <Board draw={board} rankLabel={rankLabel} />
            ) : (
              <p data-status={board.status}>{t(`status.refunded`)}</p>
            )}
          </>
        ) : null}
      </section>

      <section className="lottery-tickets" aria-labelledby="lottery-open-title">
        <h2 id="lottery-open-title">{t('openTickets')}</h2>
        {open.length === 0 ? <p>{t('noTickets')}</p> : null}
        {open.map((ticket) => (
          <TicketCard key={ticket.ticket_id} ticket={ticket} money={money} t={t} />
        ))}
      </section>
      <section className="lottery-tickets lottery-results" aria-labelledby="lottery-results-title">
        <h2 id="lottery-results-title">{t('myResults')}</h2>
        {results.length === 0 ? <p>{t('noTickets')}</p> : null}
        {results.map((ticket) => (
          <TicketCard key={ticket.ticket_id} ticket={ticket} money={money} t={t} />
        ))}
      </section>
    </section>
  );
}

function Board({ draw, rankLabel }: { draw: LotteryDraw; rankLabel: (rank: string) => string }) {
  const numbers = draw.numbers ? rankedNumbers(draw.numbers) : [];
  return (
    <div className="lottery-numbers">
      {PrizeRanks.map((rank) => (
        <div key={rank} className={`lottery-rank lottery-rank-${rank}`} data-rank={rank}>
          <h3>{rankLabel(rank)}</h3>
          <ol>
            {numbers
              .filter((n) => n.rank === rank)
              .map((n) => (
                <li key={n.number} data-number={n.number}>
                  {n.number}
                </li>
              ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

function TicketCard({
  ticket,
  money,
  t,
}: {
  ticket: LotteryTicket;
  money: (major: number) => string;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  return (
    <article
      className="lottery-ticket"
      data-ticket={ticket.ticket_id}
      data-status={ticket.status}
      data-payout={ticket.payout}
      data-draw={ticket.draw_id}
    >
      <header>
        <strong>
          {t('ticket')} {ticket.ticket_id}
        </strong>{' '}
        <span>{t('drawOption', { time: formatGmt8(ticket.draw_time, 'dd/MM HH:mm') })}</span>{' '}
        <span className={`lottery-status lottery-status-${ticket.status}`}>
          {t(`status.${ticket.status}`)}
        </span>
      </header>
      <ul>
        {ticket.rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one ticket never reorder; equal rows may repeat.
          <li key={`${r.number}-${i}`}>
            {r.number} · {t(`type.${r.bet_type}`)} · {t('big')} {money(r.big)} · {t('small')} {money(r.small)}{' '}
            · {t('cost')} {money(r.cost)}
            {r.wins.length > 0 ? (
              <span className="lottery-wins">
                {' '}
                · {t('wins')}:{' '}
                {r.wins.map((w) => `${t(w.rank)} ${w.number} ${t(w.size)} ${money(w.amount)}`).join(', ')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        {t('cost')} {money(ticket.cost)}
        {ticket.status !== 'open' ? ` · ${t('payout')} ${money(ticket.payout)}` : ''}
      </p>
    </article>
  );
}
