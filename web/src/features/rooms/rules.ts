/**
 * The rooms feature's pure rules: the lobby's tabs, search and filters; countdowns; the ranking in
 * rank order; the points bet slip's checks (protocol's parlay and points rules). No I/O, no clock
 * reads: time comes in as an argument.
 */
import { formatGmt8, pointsToCenti, RoomStatus, RoomType, TournamentDefaults } from '@sportsbook/protocol';
import { selectionProblem } from '../betslip/rules.ts';
import type { Selection } from '../betslip/types.ts';
import type { RankRow, Room } from './types.ts';

export const LobbyTabs = ['public', 'private', 'free', 'mine'] as const;
export type LobbyTab = (typeof LobbyTabs)[number];

/** Fee bands of the lobby filter (major units of the room's currency). */
export const FeeFilters = ['any', 'free', 'upTo50', 'upTo200', 'over200'] as const;
export type FeeFilter = (typeof FeeFilters)[number];

export const StatusFilters = ['any', 'A', '0', '4', 'done'] as const;
export type StatusFilter = (typeof StatusFilters)[number];

export interface LobbyFilters {
  tab: LobbyTab;
  /** Room id or owner (case-insensitive, part of the owner's name). */
  search: string;
  fee: FeeFilter;
  status: StatusFilter;
  /** At least this many free seats (0: any). */
  seats: number;
}

export const DefaultLobbyFilters: LobbyFilters = {
  tab: 'public',
  search: '',
  fee: 'any',
  status: 'any',
  seats: 0,
};

const TabType: Record<Exclude<LobbyTab, 'mine'>, RoomType> = {
  public: RoomType.public,
  private: RoomType.private,
  free: RoomType.free,
};

export const seatsLeft = (room: Pick<Room, 'limit' | 'players'>): number =>
  Math.max(0, room.limit - room.players);

/**
 * Whether a non-member may join the room now: open, with a seat left (protocol joinRefusal's
 * roomFull and roomClosed, known before asking). A full or started room is offered to view only.
 */
export const joinable = (room: Pick<Room, 'status' | 'limit' | 'players'>): boolean =>
  room.status === RoomStatus.open && seatsLeft(room) > 0;

function feeMatches(rate: number, fee: FeeFilter): boolean {
  switch (fee) {
    case 'any':
      return true;
    case 'free':
      return rate === 0;
    case 'upTo50':
      return rate > 0 && rate <= 50;
    case 'upTo200':
      return rate > 50 && rate <= 200;
    case 'over200':
      return rate > 200;
  }
}

function statusMatches(status: RoomStatus, filter: StatusFilter): boolean {
  if (filter === 'any') return true;
  if (filter === 'done')
    return status === RoomStatus.ended || status === RoomStatus.cancelled || status === RoomStatus.closed;
  return status === filter;
}

/** The lobby's rooms for a tab and filters, open rooms first, then by last join time and id. */
export function filterRooms(
  rooms: readonly Room[],
  filters: LobbyFilters,
  mine: ReadonlySet<number>,
): Room[] {
  const search = filters.search.trim().toLowerCase();
  return rooms
    .filter((room) =>
      filters.tab === 'mine' ? mine.has(room.room_id) : room.room_type === TabType[filters.tab],
    )
    .filter(
      (room) => search === '' || String(room.room_id) === search || room.owner.toLowerCase().includes(search),
    )
    .filter((room) => feeMatches(room.rate, filters.fee))
    .filter((room) => statusMatches(room.status, filters.status))
    .filter((room) => filters.seats <= 0 || seatsLeft(room) >= filters.seats)
    .sort((a, b) => {
      const open = Number(b.status === RoomStatus.open) - Number(a.status === RoomStatus.open);
      if (open !== 0) return open;
      const t = Date.parse(a.last_join_time) - Date.parse(b.last_join_time);
      return t !== 0 ? t : a.room_id - b.room_id;
    });
}

/** "1d 02:03:04" / "02:03:04" until `target` (ISO UTC), or null once it has passed. */
export function countdown(target: string, now: number): string | null {
  const ms = Date.parse(target) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** An ISO UTC time shown in GMT+8 (the product's display zone). */
export function gmt8(iso: string | null | undefined, pattern = 'yyyy-MM-dd HH:mm'): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? `${formatGmt8(ms, pattern)} GMT+8` : '-';
}

/** The ranking rows of a room topic, rank 1 first. */
export function rankingOf(rank: Readonly<Record<string, RankRow>> | undefined): RankRow[] {
  return Object.values(rank ?? {}).sort((a, b) => a.rank - b.rank);
}

export type PointsMode = 'single' | 'parlay';

export interface PointsSlip {
  mode: PointsMode;
  picks: readonly Selection[];
  /** The stake as typed (points). */
  stake: string;
}

/** The typed points stake in centipoints (at most 2 decimals, never rounded), or null. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(trimmed)) return null;
  return pointsToCenti(Number(trimmed)) ?? null;
}

/**
 * Why the points slip cannot be placed now (a catalogue code), or null: the bet slip's pick rules
 * (one pick for a single; a parlay of 2..12 different matches, 3 when any is live), a stake of at least 1 point with at most
 * 2 decimals, no more than the points left.
 */
export function pointsProblem(slip: PointsSlip, pointsLeft: number | null): string | null {
  const picks = selectionProblem(slip.mode, slip.picks);
  if (picks) return picks;
  const stake = parsePoints(slip.stake);
  if (stake === null || stake < TournamentDefaults.minStakePoints * 100) return 'betLowerMin';
  if (pointsLeft !== null && stake > Math.round(pointsLeft * 100)) return 'insufficient_balance';
  return null;
}

/** The decimal price of a slip: one pick's price, or the parlay's product. */
export function slipOdds(picks: readonly Selection[]): number {
  return picks.reduce((product, p) => product * p.price, 1);
}
