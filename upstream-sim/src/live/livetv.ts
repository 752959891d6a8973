/**
 * Live TV and highlights: which matches stream now and next (`livetvlist`), a match's
 * stream (`livetv2`), leagues with highlights and the clips of their finished matches
 * (`highlightleague`, `highlightlist`), and the operator's logo per theme (`getlogo`). Everything
 * is read from the world: a main match with the odds feed's `tv` flag streams while it is not over;
 * every completed main match of a real sport has a highlight. Clips are picked from the match id, so a match always
 * plays the same one.
 */
import type { MatchRow } from '@sportsbook/protocol';
import { isVirtualSport, MatchType } from '@sportsbook/protocol';
import { ok, reject } from '../reply.ts';
import { auth, type Handlers, listReader } from '../routes/handler.ts';
import type { Sim } from '../sim.ts';
import { scorePair } from '../views.ts';
import type { MatchResultRow } from '../world/types.ts';
import { DefaultLogoTheme, HighlightClips, isLogoTheme, LiveClips, OperatorName } from './media.ts';

const HourMs = 3_600_000;
/** livetvlist's "next": matches kicking off within this window, at most NextCount of them. */
const NextWindowMs = 12 * HourMs;
const NextCount = 10;
/** A live match kicked off at most this long ago (longer than any sport's match). */
const LiveWindowMs = 6 * HourMs;
/** Highlights: completed matches that kicked off within this window (the world keeps ended matches 48 h). */
const HighlightWindowMs = 48 * HourMs;

/** Per-simulator switches of the live centre (the admin route sets them; tests break a stream). */
interface LiveSwitches {
  brokenStreams: Set<number>;
}
const switches = new WeakMap<Sim, LiveSwitches>();

export function liveSwitches(sim: Sim): LiveSwitches {
  let s = switches.get(sim);
  if (!s) {
    s = { brokenStreams: new Set() };
    switches.set(sim, s);
  }
  return s;
}

function isMain(row: MatchRow): boolean {
  return row[4] === MatchType.normal || row[4] === MatchType.parent;
}

/** A match that streams: a main match with the tv flag, not ended or cancelled. */
function streams(row: MatchRow | undefined): row is MatchRow {
  return row !== undefined && isMain(row) && row[11] === 1 && (row[5] === 0 || row[5] === 5);
}

export function streamUrl(matchId: number, broken: boolean): string {
  if (broken) return `/media/missing-${matchId}.webm`;
  return `/media/${LiveClips[matchId % LiveClips.length]}`;
}

export function clipUrl(matchId: number): string {
  return `/media/${HighlightClips[matchId % HighlightClips.length]}`;
}

function highlightRows(sim: Sim, sportId?: number): MatchResultRow[] {
  const now = sim.world.now();
  return (
    sim.world
      .results({ ...(sportId !== undefined ? { sportId } : {}), from: now - HighlightWindowMs, to: now })
      // Virtual sports (their own results, an event every few minutes) have no highlight clips.
      .filter(
        (r) => r.status === 1 && r.score !== null && r.winner === undefined && !isVirtualSport(r.sportId),
      )
      .filter((r) => {
        const row = sim.world.matchRow(r.matchId);
        return row !== undefined && isMain(row);
      })
  );
}

export const liveHandlers: Handlers = {
  livetvlist: (ctx) => {
    listReader(ctx);
    const sportId = ctx.body.sport_id;
    const now = ctx.sim.world.now();
    const rows = ctx.sim.world
      .results({
        ...(sportId !== undefined ? { sportId } : {}),
        from: now - LiveWindowMs,
        to: now + NextWindowMs,
      })
      .map((r) => ({ result: r, row: ctx.sim.world.matchRow(r.matchId) }))
      .filter((x): x is { result: MatchResultRow; row: MatchRow } => streams(x.row));
    const view = ({ result, row }: { result: MatchResultRow; row: MatchRow }) => {
      const state = row[12];
      const live = row[7] === 1 && state !== null ? 1 : 0;
      return {
        match_id: result.matchId,
        sport_id: result.sportId,
        league_id: result.leagueId,
        league_name: result.leagueName,
        home: result.home,
        away: result.away,
        kickoff: result.kickoff,
        live,
        score: live && state ? scorePair(state[0], state[1]) : null,
        period: live && state ? state[2] : 0,
        clock: live && state ? state[3] : 0,
      } as const;
    };
    const all = rows.map(view);
    const now_ = all.filter((m) => m.live === 1);
    const next = all.filter((m) => m.live === 0 && m.kickoff >= now).slice(0, NextCount);
    return ok({ data: [...now_, ...next] });
  },
  livetv2: (ctx) => {
    auth(ctx);
    const matchId = ctx.body.match_id;
    const row = ctx.sim.world.matchRow(matchId);
    if (!row) reject('matchHide');
    if (row[5] === 1 || row[5] === 2) reject('matchEnded');
    if (!streams(row)) reject('empty');
    const broken = liveSwitches(ctx.sim).brokenStreams.has(matchId);
    return ok({ data: { match_id: matchId, stream_url: streamUrl(matchId, broken), kind: 'webm' } });
  },
  highlightleague: (ctx) => {
    listReader(ctx);
    const leagues = new Map<
      number,
      { league_id: number; league_name: string; sport_id: number; count: number }
    >();
    for (const r of highlightRows(ctx.sim, ctx.body.sport_id)) {
      const l = leagues.get(r.leagueId);
      if (l) l.count++;
      else
        leagues.set(r.leagueId, {
          league_id: r.leagueId,
          league_name: r.leagueName,
          sport_id: r.sportId,
          count: 1,
        });
    }
    return ok({ data: [...leagues.values()].sort((a, b) => a.league_name.localeCompare(b.league_name)) });
  },
  highlightlist: (ctx) => {
    auth(ctx);
    const leagueId = ctx.body.league_id;
    const clips = highlightRows(ctx.sim)
      .filter((r) => r.leagueId === leagueId)
      .sort((a, b) => b.kickoff - a.kickoff || a.matchId - b.matchId)
      .map((r) => ({
        match_id: r.matchId,
        league_id: r.leagueId,
        league_name: r.leagueName,
        home: r.home,
        away: r.away,
        kickoff: r.kickoff,
        score: scorePair(r.score?.home ?? 0, r.score?.away ?? 0),
        clip_url: clipUrl(r.matchId),
      }));
    return ok({ data: clips });
  },
  getlogo: (ctx) => {
    auth(ctx);
    const asked = ctx.body.theme;
    const theme = isLogoTheme(asked) ? asked : DefaultLogoTheme;
    return ok({ data: { theme, logo_url: `/media/logo-${theme}.svg`, name: OperatorName } });
  },
};
