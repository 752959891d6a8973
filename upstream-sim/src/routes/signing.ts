/**
 * The spec's optional login signature (SPEC section 7), checked when the simulator is started with
 * `loginSigningKey`. The gateway signs on the browser's behalf (gateway/src/proxy/signing.ts holds
 * the same definition): signature = hex(HMAC-SHA256(key, canonical)), canonical = the JSON of the
 * body's fields other than `signature`, keys in JavaScript's default sort order.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function loginSignatureValid(body: Readonly<Record<string, unknown>>, key: string): boolean {
  const signature = body.signature;
  if (typeof signature !== 'string') return false;
  const keys = Object.keys(body)
    .filter((k) => k !== 'signature')
    .sort();
  const canonical = JSON.stringify(Object.fromEntries(keys.map((k) => [k, body[k]])));
  const expected = Buffer.from(createHmac('sha256', key).update(canonical).digest('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
