/**
 * The replay timeline (RECORDING.md "Timeline in the web"): what the gateway answers at
 * `GET /replay` when it serves a replay (the replayer's state and the goals of the recording),
 * the commands `POST /replay` takes, and the goal markers, found in the recorded odds replies.
 * Pure; parsers never throw.
 */
import type { Static } from 'typebox';
import Type from 'typebox';
import { parseMarketData } from './market.ts';
import { schemaCheck } from './schemaCheck.ts';

const Ms = Type.Integer({ minimum: 0 });

/** The replayer's state (scripts/replay/timeline.ts ReplayState). */
export const ReplayStateSchema = Type.Object({
  position: Ms,
  start: Ms,
  end: Ms,
  speed: Type.Number({ exclusiveMinimum: 0 }),
  paused: Type.Boolean(),
  loop: Type.Boolean(),
  ended: Type.Boolean(),
  mode: Type.String(),
});
export type ReplayStateView = Static<typeof ReplayStateSchema>;

/** A goal in the recording: when the replies first showed a match's new score. */
export const ReplayGoal = Type.Object({
  t: Ms,
  matchId: Type.Integer(),
  home: Type.String(),
  away: Type.String(),
  score: Type.String(),
});
export type ReplayGoal = Static<typeof ReplayGoal>;

export const ReplayView = Type.Object({ replay: ReplayStateSchema, goals: Type.Array(ReplayGoal) });
export type ReplayView = Static<typeof ReplayView>;

/** The commands the web sends; the gateway passes them to the replayer's admin call. */
export const ReplayControl = Type.Union([
  Type.Object({ action: Type.Literal('pause') }),
  Type.Object({ action: Type.Literal('resume') }),
  Type.Object({ action: Type.Literal('speed'), speed: Type.Number({ minimum: 1 / 64, maximum: 10_000 }) }),
  Type.Object({ action: Type.Literal('seek'), to: Ms }),
]);
export type ReplayControl = Static<typeof ReplayControl>;

const checkView = schemaCheck(ReplayView);
const checkControl = schemaCheck(ReplayControl);

export const isReplayView = (value: unknown): value is ReplayView => checkView.Check(value);
export const isReplayControl = (value: unknown): value is ReplayControl => checkControl.Check(value);

/**
 * The goals of recorded odds replies (`{ t, body }` with `body.data` a market reply), in time
 * order: a marker whenever a live match's score differs from the one last seen for it.
 */
export function goalMarkers(replies: Iterable<{ t: number; body: unknown }>): ReplayGoal[] {
  const last = new Map<number, string>();
  const goals: ReplayGoal[] = [];
  for (const reply of replies) {
    const data = (reply.body as { data?: unknown } | null)?.data;
    const parsed = parseMarketData(data);
    if (!parsed.ok) continue;
    for (const row of parsed.value.matches) {
      const live = row[12];
      if (!Array.isArray(live)) continue;
      const score = `${live[0]}-${live[1]}`;
      const before = last.get(row[0]);
      last.set(row[0], score);
      if (before !== undefined && before !== score)
        goals.push({ t: reply.t, matchId: row[0], home: row[2], away: row[3], score });
    }
  }
  return goals;
}
