/**
 * The tournament topics' models (WIRE.md "Room topics"): the replies the gateway polls, checked and
 * normalized to keyed models that diff, hash and resume like the odds models.
 * - `rooms`: `{ room: { "<room_id>": Room } }` from `tournament/roomlist`.
 * - `room/<id>`: `{ room: { "<room_id>": Room }, rank: { "<rank>": RankRow } }` from
 *   `tournament/roominfo` + `tournament/roomrank`.
 * Feed models never carry a member's view (`joined`) or a PIN (`password`).
 */
import type { Parsed } from './market.ts';
import { type RankRow, type Room, validateReply } from './schemas/index.ts';

export type RoomsModel = {
  room: Record<string, Room>;
};

export type RoomModel = {
  room: Record<string, Room>;
  rank: Record<string, RankRow>;
};

/** A room as a feed shows it: without the member-only fields. */
export function feedRoom(room: Room): Room {
  const { joined: _joined, password: _password, ...rest } = room;
  return rest;
}

function failed(reply: unknown): string {
  const r = reply as { status?: unknown; statusdesc?: unknown } | null;
  return `status ${String(r?.status)} ${String(r?.statusdesc).slice(0, 64)}`;
}

/** A `roomlist` reply -> the lobby model. */
export function parseRoomsReply(reply: unknown): Parsed<RoomsModel> {
  const checked = validateReply('tournament/roomlist', reply);
  if (!checked.ok) return { ok: false, error: checked.error.message };
  const value = checked.value;
  if (value.status !== 1 && value.status !== '1') return { ok: false, error: failed(value) };
  const room: Record<string, Room> = {};
  for (const r of (value as { rooms: Room[] }).rooms) room[String(r.room_id)] = feedRoom(r);
  return { ok: true, value: { room } };
}

/** `roominfo` + `roomrank` replies -> one room's model. */
export function parseRoomReplies(info: unknown, rank: unknown): Parsed<RoomModel> {
  const i = validateReply('tournament/roominfo', info);
  if (!i.ok) return { ok: false, error: i.error.message };
  if (i.value.status !== 1 && i.value.status !== '1') return { ok: false, error: failed(i.value) };
  const r = validateReply('tournament/roomrank', rank);
  if (!r.ok) return { ok: false, error: r.error.message };
  if (r.value.status !== 1 && r.value.status !== '1') return { ok: false, error: failed(r.value) };
  const room = feedRoom((i.value as { room: Room }).room);
  const rows: Record<string, RankRow> = {};
  for (const row of (r.value as { ranking: RankRow[] }).ranking) rows[String(row.rank)] = row;
  return { ok: true, value: { room: { [String(room.room_id)]: room }, rank: rows } };
}

export function emptyRoomModel(): RoomModel {
  return { room: {}, rank: {} };
}
