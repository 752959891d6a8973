/**
 * The `radar/<match_id>` topic's model (WIRE.md "Radar topic"): a `radarlist` reply checked and
 * normalized to a keyed model that diffs, hashes and resumes like the odds models.
 * `{ match: { "<match_id>": RadarMatch }, stats: { H: RadarStats, A: RadarStats },
 *    event: { "<event id>": RadarEvent } }`
 * A new event is one upserted key, an event that falls off the bounded list one removed key, and a
 * stats or clock move a patch of the fields that changed.
 */
import type { Parsed } from './market.ts';
import { type RadarEvent, type RadarMatch, type RadarStats, validateReply } from './schemas/index.ts';

export type RadarModel = {
  match: Record<string, RadarMatch>;
  stats: Record<string, RadarStats>;
  event: Record<string, RadarEvent>;
};

export function emptyRadarModel(): RadarModel {
  return { match: {}, stats: {}, event: {} };
}

/** A `radarlist` reply -> the topic's model. A failed status is an error (the caller decides). */
export function parseRadarReply(reply: unknown): Parsed<RadarModel> {
  const checked = validateReply('radarlist', reply);
  if (!checked.ok) return { ok: false, error: checked.error.message };
  const value = checked.value;
  if (value.status !== 1 && value.status !== '1') {
    return {
      ok: false,
      error: `status ${String(value.status)} ${String(value.statusdesc).slice(0, 64)}`,
    };
  }
  const ok = value as Extract<typeof value, { match: unknown }>;
  const event: Record<string, RadarEvent> = {};
  for (const e of ok.events) event[String(e.id)] = e;
  return {
    ok: true,
    value: {
      match: { [String(ok.match.match_id)]: ok.match },
      stats: { H: ok.stats.H, A: ok.stats.A },
      event,
    },
  };
}

/** The events of a model, oldest first (ids increase with time). */
export function radarEvents(model: Partial<RadarModel> | null | undefined): RadarEvent[] {
  const events = Object.values(model?.event ?? {});
  return events.sort((a, b) => a.id - b.id);
}

/** The goals of a list of events, per side, in points (what the score must equal). */
export function radarGoals(events: readonly RadarEvent[]): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const e of events) {
    if (e.kind !== 'goal') continue;
    if (e.side === 'H') home += e.value;
    else if (e.side === 'A') away += e.value;
  }
  return { home, away };
}
