/**
 * /minigame (issue 18): the number game panel (pick 1-5 of 40 numbers, a stake, the next open
 * draw with its countdown on the upstream's clock, the payout table with its RTP, the latest draw
 * and the member's open tickets), and below it the mini-game lobby of the game providers
 * (features/games). A member with mini games disabled (`MiniGameDisabled`, silent) sees neither.
 * Data (issue 27): the draws and the payout table are the gateway's shared topic `list/numbergame`
 * (one upstream poll for every player); the member's stake limits are asked once (their own
 * `ngdrawlist`); their open tickets are the account stream's (`account/<id>`, one gateway poll per
 * account, pushed at once after a ticket is placed in any tab and when a draw settles them).
 */
import {
  accountTickets,
  formatGmt8,
  isMiniGameDisabled,
  type NumberGameListModel,
  numberGameDrawsOf,
} from '@sportsbook/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SessionContext, useAccount } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { formatMoney, parseStake, toMajor, toMinor } from '../../shared/money.ts';
import { useTopicView } from '../../shared/stream/react.tsx';
import { useNow } from '../../shared/useNow.ts';
import { useAccountView } from '../account/accountStream.tsx';
import { GameLobby } from '../games/GameLobby.tsx';
import { countdown } from '../virtual/view.ts';
import { useNumberGameText } from './i18n/index.ts';
import { fetchNgDraws, type NgDrawList, type NgTicket, placeNgTicket } from './numberGameApi.ts';
import { quickPick, togglePick } from './picks.ts';
import './numbergame.css';

/** The shared draws and payout table: one gateway topic for every player (protocol listFeed.ts). */
export const NumberGameTopic = 'list/numbergame';

/** No open tickets (one object until the stream's first model). */
const NoTickets: NgTicket[] = [];

export default function NumberGamePage() {
  const { t } = useNumberGameText();
  const { auth, currency, report } = useMember();
  const account = useAccount();
  const session = SessionContext.useActorRef();
  const [refused, setRefused] = useState(false);
  const disabled = refused || (account !== null && isMiniGameDisabled(account.info));
  const shared = useTopicView<NumberGameListModel, ReturnType<typeof numberGameDrawsOf>>(
    disabled ? null : NumberGameTopic,
    numberGameDrawsOf,
  );
  // The member's own stake limits (their ngdrawlist, asked once; the shared topic has none).
  const [limits, setLimits] = useState<Pick<NgDrawList, 'min_stake' | 'max_stake'> | null>(null);
  const draws = useMemo(() => {
    const list = shared.model;
    if (!list || !limits) return null;
    return { ...list, ...limits, offset: list.now - (shared.pt ?? Date.now()) };
  }, [shared.model, shared.pt, limits]);
  // Personal: the open tickets from the account stream (issue 27 item 2).
  const open = useAccountView((m) => accountTickets(m.numbergame)).model ?? NoTickets;
  const [picks, setPicks] = useState<number[]>([]);
  const [stake, setStake] = useState('');
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  // The countdown's clock: ticks on screen only.
  const wall = useNow(1000);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const fail = useCallback(
    (code: string) => {
      if (code === 'MiniGameDisabled') setRefused(true);
      else report(code);
    },
    [report],
  );

  const authKey = auth ? `${auth.account_id}\u0000${auth.session_token}` : null;
  const authRef = useRef(auth);
  authRef.current = auth;
  useEffect(() => {
    const a = authRef.current;
    if (authKey === null || !a || disabled) return;
    let live = true;
    void fetchNgDraws(api, a).then((r) => {
      if (!live) return;
      if (!r.ok) return fail(r.code);
      setLimits({ min_stake: r.value.min_stake, max_stake: r.value.max_stake });
    });
    return () => {
      live = false;
    };
  }, [authKey, disabled, fail]);

  if (disabled) return null;
  const now = wall + (draws?.offset ?? 0);
  const draw = draws?.open.find((d) => d.status === 'open' && d.close_time > now) ?? null;
  const latest = draws?.recent.find((d) => d.status === 'drawn') ?? null;
  const stakeMinor = parseStake(stake, currency);
  const canPlace = draw !== null && picks.length > 0 && stakeMinor !== null && stakeMinor > 0 && !busy;

  const place = async () => {
    if (!auth || !draw || stakeMinor === null) return;
    setBusy(true);
    const r = await placeNgTicket(api, auth, {
      draw_id: draw.draw_id,
      picks,
      stake: toMajor(stakeMinor, currency),
      request_id: requestId,
    });
    setBusy(false);
    if (!r.ok) return fail(r.code);
    setAccepted(r.value.ticket_id);
    setRequestId(crypto.randomUUID());
    setPicks([]);
    session.send({ type: 'balance.refresh' });
  };

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
        <fieldset className="ng-grid">
          <legend>{t('picks', { n: picks.length })}</legend>
          {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => (
            <button
              type="button"
              key={n}
              data-number={n}
              aria-pressed={picks.includes(n)}
              onClick={() => setPicks((p) => togglePick(p, n))}
            >
              {n}
            </button>
          ))}
        </fieldset>
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
              value={stake}
              onChange={(e) => setStake(e.target.value)}
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
          <button type="button" className="primary" disabled={!canPlace} onClick={() => void place()}>
            {busy ? t('placing') : t('place')}
          </button>
        </div>
        {accepted ? (
          <p role="status" data-ticket={accepted}>
            {t('accepted', { id: accepted })}
          </p>
        ) : null}
        {latest ? (
          <p className="ng-latest" data-latest={latest.draw_id}>
            {t('draw', { time: formatGmt8(latest.draw_time, 'HH:mm') })}: {(latest.numbers ?? []).join(' ')}
          </p>
        ) : null}
        <h2>{t('openTickets')}</h2>
        {open.length === 0 ? <p>{t('none')}</p> : null}
        <ul className="ng-open">
          {open.map((x) => (
            <li key={x.ticket_id} data-ticket={x.ticket_id}>
              {x.ticket_id} · {formatGmt8(x.draw_time, 'HH:mm')} · {x.picks.join(' ')} ·{' '}
              {formatMoney(toMinor(x.stake, x.currency), x.currency)}
            </li>
          ))}
        </ul>
        {draws ? (
          <details className="ng-table">
            <summary>{t('table')}</summary>
            <table>
              <thead>
                <tr>
                  <th />
                  {[0, 1, 2, 3, 4, 5].map((h) => (
                    <th key={h}>
                      {t('hits')} {h}
                    </th>
                  ))}
                  <th />
                </tr>
              </thead>
              <tbody>
                {draws.table.map((row) => (
                  <tr key={row.picks}>
                    <th>{t('pickCount', { n: row.picks })}</th>
                    {[0, 1, 2, 3, 4, 5].map((h) => (
                      <td key={h}>{row.multipliers[h] ? `x${row.multipliers[h]}` : ''}</td>
                    ))}
                    <td>{t('rtp', { rtp: (row.rtp * 100).toFixed(1) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </section>
      <section className="minigame-lobby" aria-label={t('moreGames')}>
        <h2>{t('moreGames')}</h2>
        <GameLobby lobby="minigame" />
      </section>
    </div>
  );
}
