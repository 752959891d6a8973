/**
 * The rooms feature's data: protocol's tournament shapes (schemas/tournament.ts, roomFeed.ts) —
 * a room, a ranking row, a points bet, a match or league a room may hold, and the two feed models.
 */
export type {
  RankRow,
  Room,
  RoomBet,
  RoomBetLeg,
  RoomLeague,
  RoomMatch,
  RoomModel,
  RoomsModel,
} from '@sportsbook/protocol';
