// @sportsbook/protocol: pure shared code (no I/O, no timers, no clock reads). Consumed as
// TypeScript source by every other package. One export line per module.

export * from './calls.ts';
export * from './clock.ts';
export * from './constants.ts';
export * from './diff.ts';
export * from './env.ts';
export * from './errors.ts';
export * from './esports.ts';
export * from './filters.ts';
export * from './games/index.ts';
export * from './guards.ts';
export * from './hash.ts';
export * from './listFeed.ts';
export * from './logging.ts';
export * from './lottery.ts';
export * from './market.ts';
export * from './money.ts';
export * from './myanmar.ts';
export * from './numberGame.ts';
export * from './odds.ts';
export * from './ops.ts';
export * from './parlay.ts';
export * from './radar.ts';
export * from './refusals.ts';
export * from './replay.ts';
export * from './roomFeed.ts';
export * from './rows.ts';
export * from './schemas/index.ts';
export * from './settlement.ts';
export * from './stakeInput.ts';
export * from './standings.ts';
export * from './tournament.ts';
export * from './validation.ts';
export * from './virtual.ts';
export * from './wire.ts';
