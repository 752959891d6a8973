/**
 * Virtual and real bets stay apart: the `vbet*` calls take virtual events only and the other bet
 * calls real matches only. A pick on the wrong side answers `matchNotAllowBet` (with its odds_id)
 * after the session check; an unknown odds id is left to the call (`invalidOdds`).
 */
import { type CallName, isRecord, isVirtualSport, virtualEventOf } from '@sportsbook/protocol';
import { reject } from '../reply.ts';
import { auth, type Handler, type Handlers } from '../routes/handler.ts';

/** The odds ids a bet body names (`odds_id`, or each of `selections`). */
function oddsIds(value: unknown): string[] {
  const body = isRecord(value) ? value : {};
  const ids: string[] = [];
  if (typeof body.odds_id === 'string') ids.push(body.odds_id);
  if (Array.isArray(body.selections))
    for (const s of body.selections)
      if (s && typeof s === 'object' && typeof (s as { odds_id?: unknown }).odds_id === 'string')
        ids.push((s as { odds_id: string }).odds_id);
  return ids;
}

/** True for an odds id of a virtual event (its match id is a virtual one). */
export function isVirtualOddsId(oddsId: string): boolean {
  const at = virtualEventOf(Number(oddsId.slice(0, oddsId.indexOf('-'))));
  return at !== undefined && isVirtualSport(at.sportId);
}

function guarded<N extends CallName>(handler: Handler<N>, virtual: boolean): Handler<N> {
  return (ctx) => {
    auth(ctx);
    for (const id of oddsIds(ctx.body))
      if (isVirtualOddsId(id) !== virtual) reject('matchNotAllowBet', { odds_id: id });
    return handler(ctx);
  };
}

/** Wraps every bet call that names odds ids: `bet/v*` virtual only, the others real only. */
export function guardVirtual(handlers: Handlers): Handlers {
  // Each handler keeps its own call's types; the loop sees them as handlers of no call in particular.
  const out: Record<string, Handler<never>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    if (handler === undefined) continue;
    const call = name.slice(name.indexOf('/') + 1);
    const names =
      /^(v?bet(check|single|parlay|sysparlay|mmoclick|singlemmo|parlaymmo)|betcheckspecial|betsinglespecial|betcheckmultispecial)$/;
    out[name] = names.test(call) ? guarded<never>(handler, call.startsWith('v')) : handler;
  }
  return out as Handlers;
}
