/**
 * The simulator process's settings, parsed once from the environment against a TypeBox schema
 * (protocol's parseEnv). A bad value is an error naming the variable; server.ts prints every
 * error and exits before listening. Pure: the environment comes in as an argument.
 */
import { parseEnv } from '@sportsbook/protocol';
import type { Static } from 'typebox';
import Type from 'typebox';
import type { BuildSimOptions } from './app.ts';
import { DefaultSportsOrder } from './menuOrder.ts';

const LogLevel = Type.Union(
  ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
  { default: 'info' },
);

export const SimEnv = Type.Object({
  SIM_PORT: Type.Integer({ minimum: 0, maximum: 65_535, default: 8090 }),
  /** Loopback by default: the gateway is the way in; 0.0.0.0 exposes the simulator to the network. */
  SIM_HOST: Type.String({ minLength: 1, maxLength: 255, default: '127.0.0.1' }),
  SIM_SEED: Type.Integer({ default: 1 }),
  SIM_LIVE_MATCHES: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  SIM_SPEED: Type.Number({ exclusiveMinimum: 0, maximum: 10_000, default: 1 }),
  SIM_DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  SIM_ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  /** The key the gateway signs login bodies with (SPEC section 7: optional login signing). */
  LOGIN_SIGNING_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Which peers may name the client IP in X-Forwarded-For: `false`, `true`, or a comma-separated
   * list of addresses, CIDRs and the names loopback, linklocal, uniquelocal.
   */
  SIM_TRUST_PROXY: Type.String({
    minLength: 1,
    default: 'loopback',
    pattern: '^[0-9A-Za-z.:/,\\s]+$',
    description: 'false, true, or addresses/CIDRs/loopback/linklocal/uniquelocal',
  }),
  LOG_LEVEL: LogLevel,
  /** 4D lottery draws: every SIM_LOTTERY_INTERVAL_MIN sim minutes, or `weekly` (Wed/Sat/Sun 19:00 GMT+8). */
  SIM_LOTTERY_SCHEDULE: Type.Optional(Type.Union([Type.Literal('interval'), Type.Literal('weekly')])),
  SIM_LOTTERY_INTERVAL_MIN: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
  /** Prefix of the game providers' page and thumbnail URLs as browsers reach them (default `/api`). */
  /** SPEC section 9: the sports menu order, sport ids comma-separated (e.g. `1,2,3,43`), and BDT's. */
  SIM_SPORTS_ORDER: Type.Optional(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' })),
  SIM_SPORTS_ORDER_BDT: Type.Optional(Type.String({ pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$' })),
  SIM_GAMES_BASE_URL: Type.Optional(
    Type.String({ maxLength: 200, pattern: '^(https?://[^\\s]+|/[^\\s]*)?$' }),
  ),
});
export type SimEnv = Static<typeof SimEnv>;

export interface SimConfig {
  port: number;
  host: string;
  options: BuildSimOptions;
}

/** `1, 2,43` -> [1, 2, 43]; undefined stays undefined. */
function idList(text: string | undefined): number[] | undefined {
  return text === undefined ? undefined : text.split(',').map((x) => Number(x.trim()));
}

/** SIM_TRUST_PROXY text -> Fastify's trustProxy value. */
export function trustProxyOf(text: string): boolean | string[] {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === 'off' || value === 'none') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function simConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; value: SimConfig } | { ok: false; errors: string[] } {
  const parsed = parseEnv(SimEnv, env);
  if (!parsed.ok) return parsed;
  const e = parsed.value;
  return {
    ok: true,
    value: {
      port: e.SIM_PORT,
      host: e.SIM_HOST,
      options: {
        logger: { level: e.LOG_LEVEL },
        world: {
          seed: e.SIM_SEED,
          ...(e.SIM_LIVE_MATCHES !== undefined ? { liveMatches: e.SIM_LIVE_MATCHES } : {}),
        },
        speed: e.SIM_SPEED,
        ...(e.SIM_LOTTERY_SCHEDULE !== undefined || e.SIM_LOTTERY_INTERVAL_MIN !== undefined
          ? {
              lottery: {
                ...(e.SIM_LOTTERY_SCHEDULE !== undefined ? { schedule: e.SIM_LOTTERY_SCHEDULE } : {}),
                ...(e.SIM_LOTTERY_INTERVAL_MIN !== undefined
                  ? { intervalMs: e.SIM_LOTTERY_INTERVAL_MIN * 60_000 }
                  : {}),
              },
            }
          : {}),
        trustProxy: trustProxyOf(e.SIM_TRUST_PROXY),
        ...(e.SIM_DATA_DIR !== undefined ? { dataDir: e.SIM_DATA_DIR } : {}),
        ...(e.SIM_ADMIN_TOKEN !== undefined ? { adminToken: e.SIM_ADMIN_TOKEN } : {}),
        ...(e.SIM_GAMES_BASE_URL !== undefined
          ? { games: { baseUrl: e.SIM_GAMES_BASE_URL.replace(/\/$/, '') } }
          : {}),
        ...(e.LOGIN_SIGNING_KEY !== undefined ? { loginSigningKey: e.LOGIN_SIGNING_KEY } : {}),
        ...(e.SIM_SPORTS_ORDER !== undefined || e.SIM_SPORTS_ORDER_BDT !== undefined
          ? {
              sportsOrder: {
                default: idList(e.SIM_SPORTS_ORDER) ?? [...DefaultSportsOrder.default],
                BDT: idList(e.SIM_SPORTS_ORDER_BDT) ?? [...DefaultSportsOrder.BDT],
              },
            }
          : {}),
      },
    },
  };
}
