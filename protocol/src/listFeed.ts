/**
 * The shared lists' topic models (WIRE.md "List topics"): the replies of the gateway's
 * sessionless feed reads (schemas/feed.ts), checked and normalized to keyed models that diff, hash
 * and resume like the odds models. The upstream's call names and field names are kept inside the
 * entities; only the list around them becomes a keyed collection.
 * - `list/livetv` (`livetvlist`): `{ match: { "<match_id>": LiveTvMatch } }`
 * - `list/esports` (`esports2live`): `{ clock, params: { lobby: {duration} },
 *    game: { "<game>": EsportsGame }, event: { "<match_id>": EsportsEvent } }`
 * - `list/lottery` (`lottery/drawlist`): `{ clock, open: { "<draw_id>": LotteryDraw },
 *    recent: { "<draw_id>": LotteryDraw } }`
 * - `list/numbergame` (`ngdrawlist`): `{ clock, open, recent: { "<draw_id>": NgDraw },
 *    table: { "<picks>": NgTableRow } }` (no stake limits: those are the member's own)
 * - `list/marquee/<language>` (`marqueelist`): `{ line: { "<id>": MessageRow } }`
 * - `list/announce/<language>` (`announcelist`): `{ item: { "<id>": MessageRow },
 *    page: { all: { total } } }`
 * - `list/highlights` (`highlightleague`): `{ league: { "<league_id>": HighlightLeague } }`
 * - `list/site` (`version`): `{ site: { state: { maintenance } } }`: true while the upstream is in
 *    maintenance (a `version` reply with `maintenance: true`, or one refused with the `maintenance`
 *    code), so every open page can go to /maintenance and back without polling.
 * `clock` is `{ upstream: { now } }`: the upstream's time at its answer (UTC ms), which the pages'
 * countdowns run on. No model holds a read flag or anything else of one member.
 */
import { isRecord } from './guards.ts';
import type { Parsed } from './market.ts';
import type {
  EsportsEvent,
  EsportsGame,
  HighlightLeague,
  LiveTvMatch,
  LotteryDraw,
  MessageRow,
  NgDraw,
} from './schemas/index.ts';
import { validateReply } from './schemas/index.ts';
import type { Topic } from './wire.ts';

export type ListTopic = Extract<Topic, { kind: 'list' }>;

export type UpstreamClock = { upstream: { now: number } };

export type LiveTvListModel = { match: Record<string, LiveTvMatch> };
export type EsportsListModel = {
  clock: UpstreamClock;
  params: { lobby: { duration: number } };
  game: Record<string, EsportsGame>;
  event: Record<string, EsportsEvent>;
};
export type LotteryListModel = {
  clock: UpstreamClock;
  open: Record<string, LotteryDraw>;
  recent: Record<string, LotteryDraw>;
};
export type NgTableEntry = { picks: number; multipliers: number[]; rtp: number };
export type NumberGameListModel = {
  clock: UpstreamClock;
  open: Record<string, NgDraw>;
  recent: Record<string, NgDraw>;
  table: Record<string, NgTableEntry>;
};
export type MarqueeListModel = { line: Record<string, MessageRow> };
export type AnnounceListModel = { item: Record<string, MessageRow>; page: { all: { total: number } } };
export type HighlightsListModel = { league: Record<string, HighlightLeague> };
export type SiteListModel = { site: { state: { maintenance: boolean } } };
/** The code an upstream answers every call with while the site is in maintenance (errors.ts). */
export const SiteMaintenanceCode = 'maintenance';

export type ListModel =
  | LiveTvListModel
  | EsportsListModel
  | LotteryListModel
  | NumberGameListModel
  | MarqueeListModel
  | AnnounceListModel
  | HighlightsListModel
  | SiteListModel;

type Ok = { status: unknown; statusdesc?: unknown };

function checked<T>(call: string, reply: unknown): Parsed<T> {
  const v = validateReply(call, reply);
  if (!v.ok) return { ok: false, error: v.error.message };
  const value = v.value as Ok;
  if (value.status !== 1 && value.status !== '1') {
    return { ok: false, error: `status ${String(value.status)} ${String(value.statusdesc).slice(0, 64)}` };
  }
  return { ok: true, value: value as T };
}

function keyed<T>(items: readonly T[], key: (item: T) => string | number): Record<string, T> {
  const out: Record<string, T> = {};
  for (const item of items) out[String(key(item))] = item;
  return out;
}

/** What the 4D and the number game's draw lists share: the upstream's clock, open and recent draws. */
function drawLists<D extends { draw_id: string | number }>(d: { now: number; open: D[]; recent: D[] }) {
  return {
    clock: clockAt(d.now),
    open: keyed(d.open, (x) => x.draw_id),
    recent: keyed(d.recent, (x) => x.draw_id),
  };
}

/** A message as a shared list shows it: without a member's read flag. */
function sharedMessage(m: MessageRow): MessageRow {
  const { read: _read, ...rest } = m;
  return rest;
}

const clockAt = (now: number): UpstreamClock => ({ upstream: { now } });
const siteModel = (maintenance: boolean): SiteListModel => ({ site: { state: { maintenance } } });

/** Whether a `list/site` model says the site is in maintenance (null before the first answer). */
export function siteMaintenanceOf(model: Partial<SiteListModel> | null | undefined): boolean | null {
  const state = model?.site?.state;
  return state ? state.maintenance : null;
}

/** A list topic's reply -> its model. A failed status or a reply off the schema is an error. */
export function parseListReply(topic: ListTopic, reply: unknown): Parsed<ListModel> {
  switch (topic.list) {
    case 'livetv': {
      const r = checked<{ data: LiveTvMatch[] }>('livetvlist', reply);
      return r.ok ? { ok: true, value: { match: keyed(r.value.data, (m) => m.match_id) } } : r;
    }
    case 'esports': {
      type Lobby = {
        now: number;
        params: { duration: number };
        games: EsportsGame[];
        events: EsportsEvent[];
      };
      const r = checked<{ data: Lobby }>('esports2live', reply);
      if (!r.ok) return r;
      const d = r.value.data;
      return {
        ok: true,
        value: {
          clock: clockAt(d.now),
          params: { lobby: { duration: d.params.duration } },
          game: keyed(d.games, (g) => g.game),
          event: keyed(d.events, (e) => e.match_id),
        },
      };
    }
    case 'lottery': {
      const r = checked<{ data: { now: number; open: LotteryDraw[]; recent: LotteryDraw[] } }>(
        'lottery/drawlist',
        reply,
      );
      return r.ok ? { ok: true, value: drawLists(r.value.data) } : r;
    }
    case 'numbergame': {
      type Draws = { now: number; open: NgDraw[]; recent: NgDraw[]; table: NgTableEntry[] };
      const r = checked<{ data: Draws }>('ngdrawlist', reply);
      if (!r.ok) return r;
      const d = r.value.data;
      return {
        ok: true,
        value: {
          ...drawLists(d),
          table: keyed(
            d.table.map(({ picks, multipliers, rtp }) => ({ picks, multipliers, rtp })),
            (x) => x.picks,
          ),
        },
      };
    }
    case 'site': {
      const refused =
        isRecord(reply) &&
        reply.status !== 1 &&
        reply.status !== '1' &&
        reply.statusdesc === SiteMaintenanceCode;
      if (refused) return { ok: true, value: siteModel(true) };
      const r = checked<{ maintenance?: unknown }>('version', reply);
      return r.ok ? { ok: true, value: siteModel(r.value.maintenance === true) } : r;
    }
    case 'highlights': {
      const r = checked<{ data: HighlightLeague[] }>('highlightleague', reply);
      return r.ok ? { ok: true, value: { league: keyed(r.value.data, (l) => l.league_id) } } : r;
    }
    case 'marquee': {
      const r = checked<{ data: MessageRow[] | { items: MessageRow[] } }>('marqueelist', reply);
      if (!r.ok) return r;
      const rows = Array.isArray(r.value.data) ? r.value.data : r.value.data.items;
      return { ok: true, value: { line: keyed(rows.map(sharedMessage), (m) => m.id) } };
    }
    case 'announce': {
      const r = checked<{ data: MessageRow[] | { total: number; items: MessageRow[] } }>(
        'announcelist',
        reply,
      );
      if (!r.ok) return r;
      const d = r.value.data;
      const rows = Array.isArray(d) ? d : d.items;
      const total = Array.isArray(d) ? d.length : d.total;
      return {
        ok: true,
        value: { item: keyed(rows.map(sharedMessage), (m) => m.id), page: { all: { total } } },
      };
    }
  }
}

// ---- reading a model back as the upstream's lists (the web's pages) -----------------------------

const byDrawTime = (a: { draw_time: number }, b: { draw_time: number }) => a.draw_time - b.draw_time;

/** The upstream's time of the model's last answer (UTC ms), or null. */
export function listUpstreamNow(model: { clock?: Partial<UpstreamClock> } | null | undefined): number | null {
  return model?.clock?.upstream?.now ?? null;
}

/** `lottery/drawlist`'s shape from a `list/lottery` model: open draws soonest first, recent newest first. */
export function lotteryDrawsOf(model: Partial<LotteryListModel> | null | undefined): {
  now: number;
  open: LotteryDraw[];
  recent: LotteryDraw[];
} | null {
  if (!model?.open || !model.recent) return null;
  return {
    now: listUpstreamNow(model) ?? 0,
    open: Object.values(model.open).sort(byDrawTime),
    recent: Object.values(model.recent).sort((a, b) => byDrawTime(b, a)),
  };
}

/** `ngdrawlist`'s draws and table from a `list/numbergame` model (no stake limits). */
export function numberGameDrawsOf(model: Partial<NumberGameListModel> | null | undefined): {
  now: number;
  open: NgDraw[];
  recent: NgDraw[];
  table: NgTableEntry[];
} | null {
  if (!model?.open || !model.recent || !model.table) return null;
  return {
    now: listUpstreamNow(model) ?? 0,
    open: Object.values(model.open).sort(byDrawTime),
    recent: Object.values(model.recent).sort((a, b) => byDrawTime(b, a)),
    table: Object.values(model.table).sort((a, b) => a.picks - b.picks),
  };
}

/** `esports2live`'s lobby from a `list/esports` model: live series first, then by kick-off. */
export function esportsLobbyOf(model: Partial<EsportsListModel> | null | undefined): {
  now: number;
  params: { duration: number };
  games: EsportsGame[];
  events: EsportsEvent[];
} | null {
  if (!model?.event || !model.game || !model.params?.lobby) return null;
  return {
    now: listUpstreamNow(model) ?? 0,
    params: { duration: model.params.lobby.duration },
    games: Object.values(model.game),
    events: Object.values(model.event).sort(
      (x, y) => Number(y.phase !== 'pre') - Number(x.phase !== 'pre') || x.kickoff - y.kickoff,
    ),
  };
}

/** `livetvlist`'s order from a `list/livetv` model: playing now first, then next by kick-off. */
export function liveTvMatchesOf(model: Partial<LiveTvListModel> | null | undefined): LiveTvMatch[] | null {
  if (!model?.match) return null;
  return Object.values(model.match).sort(
    (a, b) => b.live - a.live || a.kickoff - b.kickoff || a.match_id - b.match_id,
  );
}

/** The leagues with clips from a `list/highlights` model, by name (as `highlightleague`). */
export function highlightLeaguesOf(
  model: Partial<HighlightsListModel> | null | undefined,
): HighlightLeague[] | null {
  if (!model?.league) return null;
  return Object.values(model.league).sort((a, b) => a.league_name.localeCompare(b.league_name));
}

/** The marquee's lines in the upstream's order (by id). */
export function marqueeLinesOf(model: Partial<MarqueeListModel> | null | undefined): MessageRow[] | null {
  if (!model?.line) return null;
  return Object.values(model.line).sort((a, b) => a.id - b.id);
}

/** The announcements, newest first (as `announcelist`), and the upstream's total. */
export function announcementsOf(
  model: Partial<AnnounceListModel> | null | undefined,
): { items: MessageRow[]; total: number } | null {
  if (!model?.item) return null;
  const items = Object.values(model.item).sort((a, b) => b.id - a.id);
  return { items, total: model.page?.all?.total ?? items.length };
}
