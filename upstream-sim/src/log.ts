import type { FastifyBaseLogger } from 'fastify';

/** The domain logs through Fastify's pino logger (object first, constant message). */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
