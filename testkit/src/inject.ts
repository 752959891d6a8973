/**
 * Route tests without a gateway socket: the gateway app built and made ready but never listening,
 * driven with Fastify's `app.inject` (and `app.injectWS` for the feed's upgrade). The upstream is
 * still the real simulator on a port, as in `startStack`. Tests of fan-out, limits, the cluster and
 * processes keep listening gateways: those are about the sockets.
 */
import { type BuildGatewayOptions, buildGateway } from '@sportsbook/gateway';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import {
  type Json,
  type JsonAnswer,
  metricValue,
  parseJsonAnswer,
  sessionFromLogin,
  type TestSession,
} from './http.ts';
import { AdminToken, simAdmin } from './stack.ts';

/** The gateway app `buildGateway` returns. */
export type GatewayApp = Awaited<ReturnType<typeof buildGateway>>;

/** An injected reply read like a fetch reply: status, headers as `Headers`, body as text and bytes. */
export interface InjectedReply {
  http: number;
  headers: Headers;
  text: string;
  body: Buffer;
  /** The body parsed as JSON; `{ unparsable: text }` when it is not JSON. */
  json: Json;
}

/** A gateway app that does not listen (no web build unless `webDist` is given), ready for inject. */
export async function buildTestGateway(options: BuildGatewayOptions): Promise<GatewayApp> {
  const app = await buildGateway({ webDist: undefined, ...options });
  try {
    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}

function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/** Any request through `app.inject`, read as an `InjectedReply`. */
export async function inject(
  app: GatewayApp,
  request: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'PATCH';
    url: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  },
): Promise<InjectedReply> {
  const res = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  const body = res.rawPayload;
  const text = body.toString('utf8');
  return { http: res.statusCode, headers: toHeaders(res.headers), text, body, json: parseJsonAnswer(text) };
}

/** A gateway metric's value read through `app.inject` (as `gatewayMetric` reads a listening one). */
export async function injectedMetric(app: GatewayApp, name: string, labels = ''): Promise<number> {
  return metricValue((await inject(app, { url: '/metrics' })).text, name, labels);
}

/** POSTs `body` as JSON through `app.inject` (a string is sent as is, for malformed-body tests). */
export async function injectJson(
  app: GatewayApp,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const res = await inject(app, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { http: res.http, json: res.json, headers: res.headers };
}

/** Logs in through the gateway app's `/api/authlogin`; throws unless it succeeded. */
export async function injectLogin(
  app: GatewayApp,
  accountId: string,
  password = 'demo1234',
): Promise<TestSession> {
  const { json } = await injectJson(app, '/api/authlogin', { account_id: accountId, password });
  return sessionFromLogin(accountId, json);
}

export interface InjectStack {
  /** The real simulator, listening (manual clock, admin token). */
  sim: RunningSim;
  /** The gateway app in front of it, not listening. */
  app: GatewayApp;
  /** POST to the simulator's admin calls with the admin token; the reply's JSON. */
  admin(path: 'account' | 'clock' | 'faults', body: object): Promise<Record<string, unknown>>;
  /** POSTs JSON to a gateway path (`/api/authlogin`, ...) through inject. */
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<JsonAnswer>;
  /** GETs a gateway path through inject. */
  get(url: string, headers?: Record<string, string>): Promise<InjectedReply>;
  /** Closes the gateway app, then the simulator; safe to call twice. */
  close(): Promise<void>;
}

/** `startStack`'s simulator and a gateway app in front of it that is driven by inject. */
export async function startInjectStack(
  options: { sim?: StartSimOptions; gateway?: Partial<BuildGatewayOptions> } = {},
): Promise<InjectStack> {
  const sim = await startSim({ clock: 'manual', adminToken: AdminToken, ...options.sim });
  let app: GatewayApp;
  try {
    app = await buildTestGateway({ upstreamUrl: sim.url, ...options.gateway });
  } catch (err) {
    await sim.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    sim,
    app,
    admin: (path, body) => simAdmin(sim, path, body),
    post: (url, body, headers) => injectJson(app, url, body, headers),
    get: (url, headers) => inject(app, { url, ...(headers ? { headers } : {}) }),
    close() {
      closing ??= (async () => {
        await app.close();
        await sim.close();
      })();
      return closing;
    },
  };
}
