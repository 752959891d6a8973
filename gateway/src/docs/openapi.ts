/**
 * What the OpenAPI document says about one `/api` call, beyond the body schema the proxy already
 * declares: tag, summary, the rules the proxy applies (lock, idempotency, timeout class), the
 * reply schema (protocol's `replySchemas`, the one the proxy checks upstream replies against) and
 * the error envelope. proxy/plugin.ts spreads `callDocs(call)` into each route's schema;
 * @fastify/swagger turns the routes into the document (docs/plugin.ts).
 */
import { type CallDef, CallTimeoutMs, Envelope, ErrorCatalogue, replySchemas } from '@sportsbook/protocol';
import type { TSchema } from 'typebox';

/** The error envelope every failed call answers with (status 0 and a catalogue code). */
const ErrorReply: TSchema = {
  ...Envelope,
  description: `\`{status, statusdesc}\` with a catalogue code of protocol/src/errors.ts in \`statusdesc\` (${ErrorCatalogue.length} codes: ${ErrorCatalogue.map((e) => e.code).join(', ')}).`,
} as TSchema;

/** The prose of one call: which of the proxy's rules apply to it. */
export function callDescription(call: CallDef): string {
  const rules = [
    `Forwarded to the upstream's \`${call.path}\` (${call.source === 'spec' ? 'SPEC section 7' : 'named by us'}); upstream timeout ${CallTimeoutMs[call.timeoutClass] / 1000} s (${call.timeoutClass}).`,
  ];
  if (call.lock !== undefined)
    rules.push(
      `One at a time per account (lock \`${call.lock}\`): a second concurrent request answers \`requestProcessing\`.`,
    );
  if (call.betPlacement)
    rules.push(
      'Idempotent: the body carries `request_id`; a retry with the same key gets the first reply (header `idempotent-replayed: true`), never a second debit.',
    );
  rules.push('Rate limited per address and per account (`tooManyRequests`, with `retry-after`).');
  return rules.join('\n\n');
}

/** The documentation part of a call's route schema. */
export function callDocs(call: CallDef): {
  tags: string[];
  summary: string;
  description: string;
  operationId: string;
  response: Record<string, TSchema>;
} {
  const reply = Object.hasOwn(replySchemas, call.name)
    ? replySchemas[call.name as keyof typeof replySchemas]
    : Envelope;
  return {
    tags: [call.group],
    summary: call.name,
    description: callDescription(call),
    operationId: call.name.replace(/[^A-Za-z0-9]+/g, '_'),
    response: {
      200: {
        ...reply,
        description: "The upstream's reply, checked against this schema and passed on unchanged.",
      },
      '4xx': ErrorReply,
      '5xx': ErrorReply,
    },
  };
}

/** Keywords whose value is data, not a schema: never rewritten. */
const DataKeywords = new Set(['const', 'default', 'enum', 'example', 'examples']);

/**
 * The document as OpenAPI 3.1 (JSON Schema 2020-12) requires it: TypeBox writes a tuple the
 * draft-07 way (`items: [a, b]`, `additionalItems: false`), which neither OpenAPI 3.0 nor 3.1
 * accepts; 2020-12 writes it `prefixItems: [a, b]`, `items: false`. Every other keyword is kept.
 * Returns a new tree; `value` is not changed (the routes' own schemas stay as the proxy uses them).
 */
export function toOpenApi31<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => toOpenApi31(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  const tuple = Array.isArray(source.items);
  for (const [key, child] of Object.entries(source)) {
    if (DataKeywords.has(key)) out[key] = child;
    else if (tuple && key === 'items') out.prefixItems = toOpenApi31(child);
    else if (tuple && key === 'additionalItems') {
      if (child === false) out.items = false;
      else if (child !== undefined && child !== true) out.items = toOpenApi31(child);
    } else out[key] = toOpenApi31(child);
  }
  return out as T;
}
