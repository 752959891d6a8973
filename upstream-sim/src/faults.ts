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

/**
 * "Answer call X with code Y once": the next `times` calls of a name are answered
 * `{ status: 0, statusdesc: code }` (HTTP `httpStatusFor(code)`) instead of being served. With
 * `viaProxy`, only a call a proxy forwarded for a client (it carries `x-forwarded-for`: the gateway's
 * `/api`) takes it, never the gateway's own polls (feed, account topic, session checks), so a test
 * can aim it at the call a page makes.
 */
export interface CodeAnswer {
  code: string;
  times: number;
  viaProxy: boolean;
}

export class Faults {
  private readonly byCall = new Map<string, Fault>();
  private readonly answers = new Map<string, CodeAnswer[]>();

  constructor(private readonly random: () => number = Math.random) {}

  set(call: string, fault: Fault): void {
    this.byCall.set(call, fault);
  }

  clear(): void {
    this.byCall.clear();
    this.answers.clear();
  }

  list(): Record<string, Fault> {
    return Object.fromEntries(this.byCall);
  }

  /** Queues a code answer for a call name (or '*'); answers of one name are used in order. */
  answer(call: string, answer: CodeAnswer): void {
    const queue = this.answers.get(call) ?? [];
    queue.push({ ...answer });
    this.answers.set(call, queue);
  }

  /** The queued answers not used yet, by call name. */
  pendingAnswers(): Record<string, CodeAnswer[]> {
    return Object.fromEntries([...this.answers].map(([call, queue]) => [call, queue.map((a) => ({ ...a }))]));
  }

  /** The code this call is answered with now (its own queue first, then '*'), used up; or null. */
  takeAnswer(call: string, viaProxy: boolean): string | null {
    for (const name of [call, '*']) {
      const queue = this.answers.get(name);
      const index = queue?.findIndex((a) => viaProxy || !a.viaProxy) ?? -1;
      if (!queue || index < 0) continue;
      const answer = queue[index] as CodeAnswer;
      answer.times -= 1;
      if (answer.times <= 0) queue.splice(index, 1);
      if (queue.length === 0) this.answers.delete(name);
      return answer.code;
    }
    return null;
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
