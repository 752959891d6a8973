/**
 * The shape of a chaos scenario (`scripts/chaos/<name>.chaos.ts`, default export): bounded in
 * count and time, loopback only, stops by itself, and ends with one figure line and the list of
 * the properties it found broken (empty = the property holds).
 */
export interface ChaosOptions {
  /** `--quick` (and the CI test): the small size, seconds instead of minutes. */
  quick: boolean;
  /** Seed of the scenario's randomness (printed with the figure so a run can be replayed). */
  seed: number;
}

export interface ChaosReport {
  /** One line: what was done and the measured figure. */
  figure: string;
  /** Each broken property, in words; empty when the scenario passed. */
  failures: string[];
  /** The figure's numbers (for `--json`). */
  numbers: Record<string, number>;
}

export interface Scenario {
  name: string;
  /** The property the scenario checks, one sentence (printed by `--list` and in RELIABILITY.md). */
  property: string;
  run(options: ChaosOptions): Promise<ChaosReport>;
}

/** Collects broken properties: `check(cond, 'what broke')`. */
export class Checks {
  readonly failures: string[] = [];
  check(ok: boolean, what: string): void {
    if (!ok) this.failures.push(what);
  }
}
