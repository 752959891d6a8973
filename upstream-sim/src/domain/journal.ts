/**
 * Persistence with SIM_DATA_DIR: an append-only NDJSON journal of state records (each line the
 * record after a change: account, ledger entry, bet, idempotent reply, message), replayed in order
 * at start, plus a snapshot of the odds world (written atomically with a rename) and the clock
 * mark (`clock`: the latest sim time, rewritten in place). Records rather than commands: replay
 * does not depend on the world producing the same prices again. The world snapshot is periodic;
 * the clock mark is what keeps a process killed with -9 from rewinding time (sim.ts catches the
 * restored world up to it).
 * Each line is written with one write() (survives a process crash); fsync runs at most once a
 * second and at close (survives most machine crashes, bounded loss otherwise).
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { GameRoundRecord } from '../games/house.ts';
import type { Reply } from '../reply.ts';
import type { NgTicketState } from '../virtual/numberGame.ts';
import type { Ticket } from './lottery.ts';
import type { RoomBetRecord, RoomRecord } from './tournament.ts';
import type { Account, Bet, LedgerEntry, Message } from './types.ts';

export type JournalRecord =
  | { t: 'acct'; a: Account }
  | { t: 'led'; e: LedgerEntry }
  | { t: 'bet'; b: Bet }
  /** `f`: the request's fingerprint (absent in journals written before it existed). */
  | { t: 'idem'; k: string; r: Reply; f?: string }
  | { t: 'msg'; m: Message }
  /** 4D lottery (lottery.ts): a ticket after a change, a cancelled draw. */
  | { t: 'lot'; l: Ticket }
  | { t: 'lotc'; d: string }
  /** Tournament rooms (tournament.ts): a room, a points bet, after a change. */
  | { t: 'room'; r: RoomRecord }
  | { t: 'rbet'; b: RoomBetRecord }
  /** Number game tickets (virtual/numberGame.ts), after a change. */
  | { t: 'ng'; n: NgTicketState }
  /** Game provider rounds (games/house.ts). */
  | { t: 'game'; g: GameRoundRecord };

export interface Journal {
  append(record: JournalRecord): void;
  /** Records written before this start, oldest first. */
  replay(): JournalRecord[];
  saveWorld(snapshot: unknown): void;
  loadWorld(): unknown;
  /** Records the sim time `now` (one small in-place write; survives a process crash). */
  markClock(now: number): void;
  /** The last marked sim time, or undefined (none, or unreadable). */
  loadClock(): number | undefined;
  close(): void;
}

/** Digits of the clock mark: any safe integer fits, so every write is the same length. */
const ClockWidth = 16;

export function memoryJournal(): Journal {
  return {
    append() {},
    replay: () => [],
    saveWorld() {},
    loadWorld: () => undefined,
    markClock() {},
    loadClock: () => undefined,
    close() {},
  };
}

export function fileJournal(dir: string): Journal {
  mkdirSync(dir, { recursive: true });
  const journalPath = join(dir, 'journal.ndjson');
  const worldPath = join(dir, 'world.json');
  const clockPath = join(dir, 'clock');
  const previous = existsSync(journalPath) ? readFileSync(journalPath, 'utf8') : '';
  const previousClock = existsSync(clockPath) ? readFileSync(clockPath, 'utf8') : '';
  const fd = openSync(journalPath, 'a');
  const clockFd = openSync(clockPath, existsSync(clockPath) ? 'r+' : 'w+');
  let dirty = false;
  let closed = false;
  const timer = setInterval(() => {
    if (dirty && !closed) {
      fsyncSync(fd);
      dirty = false;
    }
  }, 1000);
  timer.unref();

  return {
    append(record) {
      if (closed) return;
      writeSync(fd, `${JSON.stringify(record)}\n`);
      dirty = true;
    },
    replay() {
      const records: JournalRecord[] = [];
      for (const line of previous.split('\n')) {
        if (line.length === 0) continue;
        try {
          records.push(JSON.parse(line) as JournalRecord);
        } catch {
          // A torn last line from a crash mid-write: everything before it is intact.
        }
      }
      return records;
    },
    saveWorld(snapshot) {
      if (closed) return;
      const tmp = `${worldPath}.tmp`;
      writeFileSync(tmp, JSON.stringify(snapshot));
      renameSync(tmp, worldPath);
    },
    markClock(now) {
      if (closed) return;
      // Fixed width, one positional write at offset 0: the file is always one whole number.
      writeSync(clockFd, `${String(Math.floor(now)).padStart(ClockWidth, ' ')}\n`, 0);
    },
    loadClock() {
      const value = Number(previousClock.trim());
      return previousClock.trim() !== '' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
    },
    loadWorld() {
      if (!existsSync(worldPath)) return undefined;
      try {
        return JSON.parse(readFileSync(worldPath, 'utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    close() {
      if (closed) return;
      clearInterval(timer);
      fsyncSync(fd);
      closeSync(fd);
      fsyncSync(clockFd);
      closeSync(clockFd);
      closed = true;
    },
  };
}
