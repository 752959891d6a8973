/**
 * One timer for every topic of a node: the pollers' next polls and stale deadlines, the
 * account topics' polls and the hub's idle-topic drops are tasks in one min-heap, and one
 * `setTimeout` is armed for the earliest. 10,000 topics cost one pending Node timer, not 20,000,
 * and re-arming a task (every poll) moves it in the heap instead of allocating a `Timeout`.
 *
 * A task is an object its owner keeps and re-arms (`at`/`after`, `cancel`). Due tasks run in order
 * of their time, then of arming (as `setTimeout`s of equal delay do). A task that throws does not
 * stop the others; its error is rethrown on its own (an uncaught exception, as a timer's would be).
 */

export class Task {
  /** When it is due (ms since the epoch), while armed. */
  at = 0;
  /** Arming order: ties of `at` run first armed, first run. */
  order = 0;
  /** Its place in the heap, -1 while not armed. */
  index = -1;

  constructor(readonly run: () => void) {}

  get armed(): boolean {
    return this.index >= 0;
  }
}

export interface SchedulerOptions {
  now?: () => number;
  /** A task threw: by default its error is rethrown on its own (an uncaught exception). */
  onError?: (err: unknown) => void;
}

export class Scheduler {
  private readonly heap: Task[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed Node timer fires (ms since the epoch); Infinity when none is armed. */
  private timerAt = Number.POSITIVE_INFINITY;
  private orders = 0;
  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;

  constructor(o: SchedulerOptions = {}) {
    this.now = o.now ?? (() => Date.now());
    this.onError =
      o.onError ??
      ((err) =>
        queueMicrotask(() => {
          throw err;
        }));
  }

  /** A task running `fn` when armed and due (not armed yet). */
  task(fn: () => void): Task {
    return new Task(fn);
  }

  /** Arms `task` to run `delayMs` from now (re-arms it if armed). */
  after(task: Task, delayMs: number): void {
    this.at(task, this.now() + Math.max(0, delayMs));
  }

  /** Arms `task` to run at `when` (ms since the epoch; re-arms it if armed). */
  at(task: Task, when: number): void {
    const wasArmed = task.index >= 0;
    const earlier = wasArmed && when < task.at;
    task.at = when;
    task.order = ++this.orders;
    if (!wasArmed) {
      task.index = this.heap.length;
      this.heap.push(task);
      this.up(task.index);
    } else if (earlier) {
      this.up(task.index);
    } else {
      this.down(task.index);
    }
    this.arm();
  }

  /** Disarms `task` (nothing when it is not armed). */
  cancel(task: Task): void {
    const i = task.index;
    if (i < 0) return;
    task.index = -1;
    const last = this.heap.pop() as Task;
    if (last !== task) {
      this.heap[i] = last;
      last.index = i;
      this.down(i);
      this.up(last.index);
    }
    if (this.heap.length === 0) this.disarm();
  }

  /** Armed tasks (tests, metrics). */
  get size(): number {
    return this.heap.length;
  }

  /** Node timers this scheduler holds: 1 while any task is armed, else 0. */
  get timers(): number {
    return this.timer === undefined ? 0 : 1;
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** Keeps one Node timer armed for the earliest task. */
  private arm(): void {
    const first = this.heap[0];
    if (first === undefined) {
      this.disarm();
      return;
    }
    if (this.timer !== undefined && this.timerAt <= first.at) return;
    this.disarm();
    const delay = Math.max(0, first.at - this.now());
    this.timerAt = first.at;
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.now();
    // Tasks armed while running (a poll re-arming itself for now) wait for the next turn.
    const limit = this.orders;
    for (;;) {
      const first = this.heap[0];
      if (first === undefined || first.at > now || first.order > limit) break;
      this.cancel(first);
      try {
        first.run();
      } catch (err) {
        this.onError(err);
      }
    }
    this.arm();
  }

  private less(a: Task, b: Task): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  private up(i: number): void {
    const heap = this.heap;
    const task = heap[i] as Task;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as Task;
      if (!this.less(task, p)) break;
      heap[i] = p;
      p.index = i;
      i = parent;
    }
    heap[i] = task;
    task.index = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const n = heap.length;
    const task = heap[i] as Task;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.less(heap[r] as Task, heap[l] as Task) ? r : l;
      const child = heap[c] as Task;
      if (!this.less(child, task)) break;
      heap[i] = child;
      child.index = i;
      i = c;
    }
    heap[i] = task;
    task.index = i;
  }
}

let shared: { scheduler: Scheduler; setTimeout: typeof setTimeout } | undefined;

/**
 * The process's scheduler: every poller and hub that is given none shares it. One per timer
 * implementation: test files that share a process (the gateway project runs unisolated) swap
 * `setTimeout` for fake timers and back, and a scheduler armed on timers that were swapped out
 * would wait for a timer that never fires.
 */
export function sharedScheduler(): Scheduler {
  if (shared?.setTimeout !== globalThis.setTimeout)
    shared = { scheduler: new Scheduler(), setTimeout: globalThis.setTimeout };
  return shared.scheduler;
}
