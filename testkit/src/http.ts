/**
 * HTTP helpers for anything that drives the simulator (or the gateway in front of it): a JSON POST
 * that keeps unparsable replies readable, a demo login, the sim's call counters, a gateway metric,
 * unique request ids.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read reply fields loosely; the schemas are tested in protocol.
export type Json = Record<string, any>;

export interface JsonAnswer {
  http: number;
  json: Json;
  headers: Headers;
}

/** POSTs `body` as JSON (a string is sent as is, for malformed-body tests). */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { http: response.status, json: parseJsonAnswer(await response.text()), headers: response.headers };
}

/** A reply body as JSON; `{ unparsable: text }` when it is not JSON, so a test can still read it. */
export function parseJsonAnswer(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return { unparsable: text };
  }
}

export interface TestSession {
  account_id: string;
  session_token: string;
}

/** Logs in at an `authlogin` URL (the sim's or the gateway's); throws unless it succeeded. */
export async function loginAt(url: string, accountId: string, password = 'demo1234'): Promise<TestSession> {
  const { json } = await postJson(url, { account_id: accountId, password });
  return sessionFromLogin(accountId, json);
}

/** The session of an `authlogin` reply; throws unless the login succeeded. */
export function sessionFromLogin(accountId: string, json: Json): TestSession {
  if (json.status !== 1) throw new Error(`login ${accountId} failed: ${JSON.stringify(json)}`);
  return { account_id: accountId, session_token: json.member_profile.player_info[0].session_token as string };
}

/** `upstream_sim_calls_total` from the sim's /metrics: of one call (all hosts), or of every call. */
export async function simCalls(sim: { url: string }, call?: string): Promise<number> {
  const text = await (await fetch(`${sim.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (
      line.startsWith('upstream_sim_calls_total{') &&
      (call === undefined || line.includes(`call="${call}"`))
    ) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/** A gateway metric's value from its /metrics (sum over the label sets whose line contains `labels`). */
export async function gatewayMetric(gateway: { url: string }, name: string, labels = ''): Promise<number> {
  return metricValue(await (await fetch(`${gateway.url}/metrics`)).text(), name, labels);
}

/** A metric's value in a Prometheus text exposition (sum over the label sets whose line contains `labels`). */
export function metricValue(text: string, name: string, labels = ''): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if ((line.startsWith(`${name}{`) || line.startsWith(`${name} `)) && line.includes(labels)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

let seq = 0;
/** A request id no other test process uses (bet placement's idempotency key). */
export function requestId(): string {
  seq++;
  return `req-${process.pid}-${Date.now()}-${seq}`;
}
