// Game engines and provider rules: pure, randomness passed in by the caller.
export * from './baccarat.ts';
export * from './mini.ts';
export * from './providers.ts';
export * from './random.ts';
export * from './roulette.ts';
export * from './rounds.ts';
export * from './slot.ts';
