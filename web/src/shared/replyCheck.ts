/**
 * The web's reply check, loaded lazily by api.ts (TypeBox's validator stays out of the landing
 * chunk): protocol's `validateReply`, the same check the gateway runs on upstream replies.
 */
import { validateReply } from '@sportsbook/protocol';

/** Null when `reply` fits the call's reply schema (or the call has none), else what is wrong. */
export function replyProblem(call: string, reply: unknown): string | null {
  const result = validateReply(call, reply);
  return result.ok ? null : result.error.message || 'invalid reply';
}
