import {
  type CallName,
  isRecord,
  type OkReplyOf,
  type ReplyCallName,
  type RequestOf,
} from '@sportsbook/protocol';
import { type Failed, type Reply, reject } from '../reply.ts';
import type { Sim } from '../sim.ts';

export interface CallContext<N extends CallName = CallName> {
  sim: Sim;
  /**
   * The body, validated against the call's schema (protocol's `CallSchemas`) before the handler
   * runs. A sessionless feed read (`feed`, below) is the feed's own body instead, without the
   * session fields: such a handler reads the body only after `listReader`/`viewerOf` say whom.
   */
  body: RequestOf<N>;
  /** Full call name as calls.ts names it: `authlogin`, `odds/uxmarket`, `bet/betsingle`. */
  call: N;
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

/**
 * What call `N` answers: its reply schema's success branch (protocol's `OkReplyOf<N>`; the whole
 * `ReplyOf<N>` when the schema has no separate one) or a refusal's `Failed` envelope; any envelope
 * for a call without a reply schema. The success branch and not `ReplyOf<N>` because a failure
 * branch's `status` is typed `number | string` (TypeScript has no "integer but 1"), so a wrong
 * success shape would pass as a failure.
 */
export type ReplyFor<N extends CallName> = N extends ReplyCallName ? OkReplyOf<N> | Failed : Reply;

/** The handler of call `N`: its typed body in, its typed reply out. */
export type Handler<N extends CallName = CallName> = (
  ctx: CallContext<N>,
) => ReplyFor<N> | Promise<ReplyFor<N>>;

/** What a helper shared by several calls needs: the context with the body fields it reads. */
export type ContextWith<B> = Omit<CallContext, 'body'> & { body: B };

/** A field of a body whose type a wrapper of many calls does not know (undefined when absent). */
export function fieldOf(body: unknown, field: string): unknown {
  return isRecord(body) ? body[field] : undefined;
}

/** Handlers by call name; each receives its own call's body type. */
export type Handlers = { readonly [N in CallName]?: Handler<N> };

/**
 * The member of a session call (session checked). Every session call's schema requires both
 * fields; a body without them (a sessionless feed read) has no session.
 */
export function auth(ctx: { sim: Sim; body: unknown }) {
  const { account_id, session_token } = isRecord(ctx.body) ? ctx.body : {};
  if (typeof account_id !== 'string' || typeof session_token !== 'string') reject('session_not_exists');
  return ctx.sim.authenticate({ account_id, session_token });
}

/** A shared list's reader: nobody for a sessionless feed read, else the member (checked). */
export function listReader(ctx: { sim: Sim; body: unknown; feed?: boolean }) {
  return ctx.feed === true ? null : auth(ctx);
}
