/** Prometheus metrics of one simulator instance (its own registry: several sims may share a process). */
import { Counter, Gauge, Registry } from 'prom-client';

export class SimMetrics {
  readonly registry = new Registry();
  readonly calls: Counter<'call' | 'host'>;
  readonly bets: Counter<'kind' | 'status'>;
  readonly waiting: Gauge;

  constructor(waitingCount: () => number) {
    this.calls = new Counter({
      name: 'upstream_sim_calls_total',
      help: 'Calls received, by call name (the last path segment) and host (base, odds, bet, tournament, games).',
      labelNames: ['call', 'host'],
      registers: [this.registry],
    });
    this.bets = new Counter({
      name: 'upstream_sim_bets_total',
      help: 'Bets placed, by kind and first status (waiting or running).',
      labelNames: ['kind', 'status'],
      registers: [this.registry],
    });
    this.waiting = new Gauge({
      name: 'upstream_sim_waiting_bets',
      help: 'Live bets waiting for acceptance.',
      registers: [this.registry],
      collect() {
        this.set(waitingCount());
      },
    });
  }
}
