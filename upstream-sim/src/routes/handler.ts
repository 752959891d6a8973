import type { Reply } from '../reply.ts';
import type { Sim } from '../sim.ts';

export interface CallContext {
  sim: Sim;
  /** Validated body (schemas of @sportsbook/protocol). */
  body: Record<string, unknown>;
  /** Full call name as calls.ts names it: `authlogin`, `odds/uxmarket`, `bet/betsingle`. */
  call: string;
  /**
   * The client's IP: the peer address, or the address a trusted proxy (the gateway) puts in
   * X-Forwarded-For (BuildSimOptions.trustProxy, default loopback only).
   */
  ip: string;
  /** The provider of a game call (`/games/<provider>/<call>`). */
  provider?: string;
  /**
   * A sessionless feed read of a shared list (protocol schemas/feed.ts `isListFeedRead`): the
   * gateway's `list/...` topic. The handler answers the list every member sees, nothing of one member.
   */
  feed?: boolean;
}

export type Handler = (ctx: CallContext) => Reply | Promise<Reply>;

export type Handlers = Record<string, Handler>;

/** The session fields every authenticated body carries (validated by the call's schema). */
export function auth(ctx: CallContext) {
  return ctx.sim.authenticate(ctx.body as { account_id: string; session_token: string });
}

/** A shared list's reader: nobody for a sessionless feed read, else the member (checked). */
export function listReader(ctx: CallContext) {
  return ctx.feed === true ? null : auth(ctx);
}
