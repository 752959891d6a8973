/**
 * The gateway's one refusal envelope: `{ status: 0, statusdesc: <catalogue code>, ...fields }`,
 * sent with the code's HTTP status (protocol's `httpStatusFor`) unless a route says otherwise.
 * Every route of the gateway refuses through these (proxy, media, game pages, replay, web, metrics).
 */
import { httpStatusFor } from '@sportsbook/protocol';
import type { FastifyReply } from 'fastify';

export interface FailureBody {
  readonly status: 0;
  readonly statusdesc: string;
  readonly [field: string]: unknown;
}

/** The envelope of a refusal with `code` and the code's extra fields. */
export function failureBody(code: string, extra: Record<string, unknown> = {}): FailureBody {
  return { status: 0, statusdesc: code, ...extra };
}

/** Sends the refusal `code`: the catalogue's HTTP status unless `httpStatus` is given. */
export function sendFailure(
  reply: FastifyReply,
  code: string,
  options: { httpStatus?: number; extra?: Record<string, unknown> } = {},
): FastifyReply {
  return reply.code(options.httpStatus ?? httpStatusFor(code)).send(failureBody(code, options.extra));
}
