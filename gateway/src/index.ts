/** @sportsbook/gateway: `buildGateway` (the app) and `startGateway` (listen, for tests and scripts). */
import type { FastifyInstance } from 'fastify';
import { type BuildGatewayOptions, buildGateway } from './app.ts';

export type { Redis } from 'ioredis';
export { type BuildGatewayOptions, buildGateway, loggerOptions } from './app.ts';
export { freePort, type RunningRedis, startLocalRedis } from './cluster/localRedis.ts';
export {
  closeRedis,
  connectRedis,
  RedisHealth,
  type RedisSentinelTarget,
  type RedisTarget,
} from './cluster/redis.ts';
export { configFromEnv, type GatewayConfig } from './config.ts';
export { topicInterval } from './feed/plugin.ts';
export * from './record/index.ts';

export interface RunningGateway {
  url: string;
  wsUrl: string;
  port: number;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startGateway(
  options: BuildGatewayOptions & { port?: number },
): Promise<RunningGateway> {
  const app = await buildGateway(options);
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    port,
    app,
    close: () => app.close(),
  };
}
