import { describe, expect, it } from 'vitest';
import { simConfigFromEnv, trustProxyOf } from './config.ts';

describe('simulator settings from the environment', () => {
  it('defaults: port 8090 on loopback, trust X-Forwarded-For from loopback only, info logs', () => {
    const parsed = simConfigFromEnv({});
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.value.port).toBe(8090);
    expect(parsed.value.host).toBe('127.0.0.1');
    expect(parsed.value.options).toEqual({
      logger: { level: 'info' },
      world: { seed: 1 },
      speed: 1,
      trustProxy: ['loopback'],
    });
  });

  it('reads the sports menu orders (SPEC section 9: configuration, with an alternate for BDT)', () => {
    const parsed = simConfigFromEnv({ SIM_SPORTS_ORDER: '2, 1,43', SIM_SPORTS_ORDER_BDT: '10,2' });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.value.options.sportsOrder).toEqual({ default: [2, 1, 43], BDT: [10, 2] });
    const bad = simConfigFromEnv({ SIM_SPORTS_ORDER: 'soccer' });
    expect(bad.ok).toBe(false);
  });

  it('reads every variable under its existing name', () => {
    const parsed = simConfigFromEnv({
      SIM_PORT: '9001',
      SIM_HOST: '0.0.0.0',
      SIM_SEED: '42',
      SIM_LIVE_MATCHES: '3',
      SIM_SPEED: '2.5',
      SIM_DATA_DIR: '/tmp/sim',
      SIM_ADMIN_TOKEN: 'admin',
      LOGIN_SIGNING_KEY: 'key',
      SIM_TRUST_PROXY: '10.0.0.0/8, uniquelocal',
      LOG_LEVEL: 'debug',
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.value).toEqual({
      port: 9001,
      host: '0.0.0.0',
      options: {
        logger: { level: 'debug' },
        world: { seed: 42, liveMatches: 3 },
        speed: 2.5,
        trustProxy: ['10.0.0.0/8', 'uniquelocal'],
        dataDir: '/tmp/sim',
        adminToken: 'admin',
        loginSigningKey: 'key',
      },
    });
  });

  it('refuses bad values, naming each variable', () => {
    const parsed = simConfigFromEnv({
      SIM_PORT: '70000',
      SIM_SEED: '1.5',
      SIM_SPEED: '0',
      SIM_LIVE_MATCHES: 'many',
      LOG_LEVEL: 'loud',
      SIM_TRUST_PROXY: 'a;b',
    });
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    for (const name of [
      'SIM_PORT',
      'SIM_SEED',
      'SIM_SPEED',
      'SIM_LIVE_MATCHES',
      'LOG_LEVEL',
      'SIM_TRUST_PROXY',
    ])
      expect(errors.some((e) => e.startsWith(`${name}:`))).toBe(true);
  });

  it('SIM_GAMES_BASE_URL: the prefix of game URLs (a path or an origin, no trailing slash), else refused', () => {
    const parsed = simConfigFromEnv({ SIM_GAMES_BASE_URL: 'https://games.example.com/api/' });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.value.options.games).toEqual({ baseUrl: 'https://games.example.com/api' });
    const bad = simConfigFromEnv({ SIM_GAMES_BASE_URL: 'javascript:alert(1)' });
    expect(bad.ok ? [] : bad.errors.filter((e) => e.startsWith('SIM_GAMES_BASE_URL:'))).toHaveLength(1);
  });

  it('SIM_TRUST_PROXY: false/true or a list of addresses and names', () => {
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('OFF')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('127.0.0.1, ::1')).toEqual(['127.0.0.1', '::1']);
  });
});
