// @sportsbook/protocol: pure shared code (no I/O, no timers, no clock reads). Consumed as
// TypeScript source by every other package. One export line per module.
export * from './rows.ts';
