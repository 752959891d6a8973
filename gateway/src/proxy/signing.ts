/**
 * The spec's optional login signature (SPEC section 7: "optionally signed with a signing key when
 * enabled"). The gateway signs on the browser's behalf, so the key never reaches a browser: it
 * drops any `signature` the client sent and adds its own before forwarding. The upstream (the
 * simulator with the same `loginSigningKey`) recomputes and compares.
 *
 * signature = hex(HMAC-SHA256(key, canonical)), where canonical is the JSON of the body's fields
 * other than `signature`, keys in JavaScript's default sort order (UTF-16 code units): `{"account_id":"demo01","password":"..."}`.
 * The same definition lives in upstream-sim/src/routes/signing.ts (and gateway/PROXY.md).
 */
import { createHmac } from 'node:crypto';

export function canonicalLoginBody(body: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(body)
    .filter((key) => key !== 'signature')
    .sort();
  return JSON.stringify(Object.fromEntries(keys.map((key) => [key, body[key]])));
}

export function signLoginBody(body: Readonly<Record<string, unknown>>, key: string): string {
  return createHmac('sha256', key).update(canonicalLoginBody(body)).digest('hex');
}

/** The body as forwarded: the client's signature (if any) replaced by the gateway's. */
export function withLoginSignature(
  body: Readonly<Record<string, unknown>>,
  key: string,
): Record<string, unknown> {
  const { signature: _dropped, ...rest } = body;
  return { ...rest, signature: signLoginBody(rest, key) };
}
