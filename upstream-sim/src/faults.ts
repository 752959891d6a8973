/**
 * The fault switch for tests: per call (or '*'), added latency and the rates of errors, timeouts
 * and malformed replies. Randomness here is the simulator's own (Math.random), never protocol's.
 */
export interface Fault {
  latencyMs: number;
  errorRate: number;
  timeoutRate: number;
  malformedRate: number;
}

export type FaultAction = 'error' | 'timeout' | 'malformed' | null;

export class Faults {
  private readonly byCall = new Map<string, Fault>();

  constructor(private readonly random: () => number = Math.random) {}

  set(call: string, fault: Fault): void {
    this.byCall.set(call, fault);
  }

  clear(): void {
    this.byCall.clear();
  }

  list(): Record<string, Fault> {
    return Object.fromEntries(this.byCall);
  }

  /** The fault of a call: its own, else the '*' one. */
  of(call: string): Fault | undefined {
    return this.byCall.get(call) ?? this.byCall.get('*');
  }

  pick(fault: Fault): FaultAction {
    if (fault.timeoutRate > 0 && this.random() < fault.timeoutRate) return 'timeout';
    if (fault.errorRate > 0 && this.random() < fault.errorRate) return 'error';
    if (fault.malformedRate > 0 && this.random() < fault.malformedRate) return 'malformed';
    return null;
  }
}
