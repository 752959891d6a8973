/**
 * The bet slip across reloads: the tab's sessionStorage keeps the picks, stake, mode and
 * step, written on every change of the slip and read back once when a page makes its slip
 * (useSlipActor). A reload in the confirm step reopens it after the picks are checked again; a
 * reload after Confirm keeps the placement's `request_id` and bet, and the machine sends the same
 * request again: the idempotency key (gateway PROXY.md "Bet placement idempotency") answers with the
 * first placement's reply, so the slip says what happened to the bet and never places a second one.
 *
 * One key per account and page (`sportsbook.slip.<account>.<page>`): another login in the same tab
 * never sees this slip, and the /esports2 slip is not the /desktop one. What is read back is
 * `unknown` and checked; a broken value counts as absent.
 */
import { isRecord } from '@sportsbook/protocol';
import type { BetView, Selection, SlipMode } from './types.ts';

/** Where the slip was: the open slip, its confirm step, a placement sent, or its outcome. */
export type SavedStep = 'open' | 'confirming' | 'placing' | 'waiting' | 'accepted' | 'rejected';

/** What is kept of the slip machine's context: the same fields in the store and the snapshot. */
export interface KeptSlipFields {
  readonly mode: SlipMode;
  readonly selections: readonly Selection[];
  readonly stake: string;
  readonly sizes: readonly number[] | null;
  readonly acceptBetterOdds: boolean;
  readonly acceptAnyOdds: boolean;
  readonly lastStake: string;
  /** The placement's idempotency key (step `placing`). */
  readonly requestId: string | null;
  /** The placement's reply (steps `waiting`, `accepted`, `rejected`). */
  readonly bet: BetView | null;
}

export interface SavedSlip extends KeptSlipFields {
  readonly step: SavedStep;
}

/** The slip machine's snapshot as this module reads it (state value and context). */
export interface SlipSnapshotLike {
  readonly value: unknown;
  readonly context: KeptSlipFields;
}

const Version = 1;

export const slipStorageKey = (accountId: string, page: string): string =>
  `sportsbook.slip.${accountId}.${page}`;

/** The step of a snapshot's state value, or null for an empty slip (nothing to keep). */
export function stepOf(value: unknown): SavedStep | null {
  if (value === 'placing' || value === 'placeFailed') return 'placing';
  if (value === 'waiting' || value === 'accepted' || value === 'rejected') return value;
  if (isRecord(value) && 'open' in value) {
    const open = value.open;
    return isRecord(open) && 'confirming' in open ? 'confirming' : 'open';
  }
  return null;
}

/** What to keep of a slip, or null when there is nothing to keep (empty, or no picks). */
export function savedSlipOf(snapshot: SlipSnapshotLike): SavedSlip | null {
  const step = stepOf(snapshot.value);
  const c = snapshot.context;
  if (step === null || c.selections.length === 0) return null;
  const withBet = step === 'waiting' || step === 'accepted' || step === 'rejected';
  if (withBet && c.bet === null) return null;
  return {
    step,
    mode: c.mode,
    selections: c.selections,
    stake: c.stake,
    sizes: c.sizes,
    acceptBetterOdds: c.acceptBetterOdds,
    acceptAnyOdds: c.acceptAnyOdds,
    lastStake: c.lastStake,
    requestId: step === 'placing' ? c.requestId : null,
    bet: withBet ? c.bet : null,
  };
}

const Steps: readonly SavedStep[] = ['open', 'confirming', 'placing', 'waiting', 'accepted', 'rejected'];
const Modes: readonly SlipMode[] = ['single', 'parlay', 'system'];

function isSelection(x: unknown): x is Selection {
  return (
    isRecord(x) &&
    typeof x.topic === 'string' &&
    typeof x.oddsId === 'string' &&
    typeof x.matchId === 'number' &&
    typeof x.sportId === 'number' &&
    typeof x.home === 'string' &&
    typeof x.away === 'string' &&
    typeof x.betType === 'string' &&
    typeof x.selection === 'number' &&
    (x.line === null || typeof x.line === 'number' || typeof x.line === 'string') &&
    typeof x.price === 'number' &&
    typeof x.label === 'string' &&
    typeof x.live === 'boolean' &&
    typeof x.parlay === 'boolean'
  );
}

function isBet(x: unknown): x is BetView {
  return isRecord(x) && typeof x.bet_id === 'string' && typeof x.status === 'string';
}

/** A stored slip read back, or null when it is absent, of another version, or broken. */
export function parseSavedSlip(text: string | null): SavedSlip | null {
  if (!text) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(v) || v.v !== Version) return null;
  const step = v.step as SavedStep;
  const mode = v.mode as SlipMode;
  if (!Steps.includes(step) || !Modes.includes(mode)) return null;
  if (!Array.isArray(v.selections) || v.selections.length === 0 || !v.selections.every(isSelection))
    return null;
  if (typeof v.stake !== 'string' || typeof v.lastStake !== 'string') return null;
  const sizes =
    v.sizes === null
      ? null
      : Array.isArray(v.sizes) && v.sizes.every((k) => Number.isInteger(k))
        ? (v.sizes as number[])
        : undefined;
  if (sizes === undefined) return null;
  if (typeof v.acceptBetterOdds !== 'boolean' || typeof v.acceptAnyOdds !== 'boolean') return null;
  const requestId = typeof v.requestId === 'string' && v.requestId.length > 0 ? v.requestId : null;
  if (step === 'placing' && requestId === null) return null;
  const bet = isBet(v.bet) ? v.bet : null;
  if ((step === 'waiting' || step === 'accepted' || step === 'rejected') && bet === null) return null;
  return {
    step,
    mode,
    selections: v.selections,
    stake: v.stake,
    sizes,
    acceptBetterOdds: v.acceptBetterOdds,
    acceptAnyOdds: v.acceptAnyOdds,
    lastStake: v.lastStake,
    requestId: step === 'placing' ? requestId : null,
    bet: step === 'waiting' || step === 'accepted' || step === 'rejected' ? bet : null,
  };
}

export function serializeSavedSlip(slip: SavedSlip): string {
  return JSON.stringify({ v: Version, ...slip });
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function loadSlip(key: string): SavedSlip | null {
  try {
    return parseSavedSlip(storage()?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

/** Writes the slip (or removes it when null); a full or disabled storage just keeps nothing. */
export function storeSlip(key: string, slip: SavedSlip | null): void {
  try {
    if (slip === null) storage()?.removeItem(key);
    else storage()?.setItem(key, serializeSavedSlip(slip));
  } catch {
    // Private mode or a full storage: the slip works, a reload just starts it empty.
  }
}
