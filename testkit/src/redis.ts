/**
 * A throwaway `redis-server` per test (no persistence, free port). The spawner itself is production
 * code (`npm start` runs one for GATEWAY_PROCESSES > 1), so it lives in the gateway and is only
 * named for tests here. scripts/ensure.mjs installs Debian's redis-server when a test file
 * mentions `startRedis`.
 */
export { freePort, type RunningRedis, startLocalRedis as startRedis } from '@sportsbook/gateway';
