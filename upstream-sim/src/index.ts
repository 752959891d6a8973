/**
 * @sportsbook/upstream-sim: the simulated upstream. `buildSim` is the Fastify app (tests inject or
 * listen); `startSim` listens (port 0 by default) and hands back what a test needs.
 */
import type { FastifyInstance } from 'fastify';
import { type BuildSimOptions, buildSim } from './app.ts';
import type { SimClock } from './clock.ts';
import type { Sim } from './sim.ts';
import type { World } from './world/types.ts';

export { type BuildSimOptions, buildSim, handlers } from './app.ts';
export { DemoPassword, seedAccounts } from './domain/seed.ts';
/** The login signature check (SPEC section 7), the contract the gateway's signer is tested against. */
export { loginSignatureValid } from './routes/signing.ts';
export { Sim, SimDefaults, type SimOptions } from './sim.ts';

export interface StartSimOptions extends BuildSimOptions {
  port?: number;
  host?: string;
}

export interface RunningSim {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  app: FastifyInstance;
  sim: Sim;
  world: World;
  clock: SimClock;
  /** Moves the sim clock (settles, decides waiting bets); works in both clock modes. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startSim(options: StartSimOptions = {}): Promise<RunningSim> {
  const app = buildSim(options);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const sim = app.sim;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    sim,
    world: sim.world,
    clock: sim.clock,
    advance: (ms) => sim.clock.advance(ms),
    close: () => app.close(),
  };
}
