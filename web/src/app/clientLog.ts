/**
 * The client log: soft and network codes are "logged" (SPEC section 8). Kept in a bounded ring so a
 * support screen or a test can read it, and written to the console at debug level.
 */
export interface LogEntry {
  readonly at: number;
  readonly code: string;
  readonly kind: string;
}

const MaxEntries = 200;
const entries: LogEntry[] = [];

export function logCode(code: string, kind: string, at: number = Date.now()): void {
  entries.push({ at, code, kind });
  if (entries.length > MaxEntries) entries.splice(0, entries.length - MaxEntries);
  console.debug('[sportsbook]', kind, code);
}

export function clientLog(): readonly LogEntry[] {
  return entries;
}
