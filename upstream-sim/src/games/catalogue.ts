/**
 * The simulated game providers' catalogues: four providers, a few dozen games each,
 * every game played by one of protocol's engines (games/rounds.ts) under its own name and skin.
 * Names, tags and themes are fixed data, so every simulator serves the same lobby.
 */
import {
  FishingRtpBp,
  type GameCategory,
  type GameProduct,
  GameProductOf,
  type GameRules,
  type GameTag,
  HiLoRtpBp,
  SlotConfigs,
} from '@sportsbook/protocol';

export interface CatalogueGame {
  readonly gameId: string;
  readonly name: string;
  readonly category: GameCategory;
  readonly provider: string;
  readonly tags: readonly GameTag[];
  readonly rules: GameRules;
  readonly product: GameProduct;
  /** Hue of the game's colours (thumbnail and page), 0..359. */
  readonly hue: number;
}

const PgsSlots = [
  'Fortune Tiger',
  'Mahjong Ways',
  'Lucky Neko',
  'Dragon Hatch',
  'Golden Koi',
  'Jade Emperor',
  'Phoenix Rises',
  'Candy Burst',
  'Wild Bandito',
  'Treasure Reef',
  'Moon Princess',
  'Samba Spins',
  "Pharaoh's Gold",
  'Ninja Cats',
  'Sakura Dreams',
  'Lucky Dumplings',
  'Panda Party',
  'Mystic Lotus',
  'Cash Cow',
  'Royal Sevens',
  'Fruit Fiesta',
  'Cosmic Gems',
  'Viking Hoard',
  'Aztec Sun',
  'Bamboo Luck',
  'Crimson Dragon',
  'Neon Nights',
  'Golden Lantern',
  'Ocean Pearls',
  'Safari Kings',
  'Rocket Fruits',
  'Temple Tumble',
];
const JiliSlots = [
  'Super Ace',
  'Golden Empire',
  'Money Coming',
  'Boxing King',
  'Crazy 777',
  'Fortune Gems',
  'Charge Buffalo',
  'Lucky Ball',
  'Jungle King',
  'Bubble Beauty',
  'Dragon Treasure',
  'Mega Ace',
  'Hot Chilli',
  'Wild Ace',
  'Gold Rush',
  'Lucky Coming',
  'Night City',
  'Pirate Queen',
  'Thunder X',
  'Sweet Land',
  'Samurai Gold',
  'Fa Fa Fa',
  'Happy Taxi',
  'Agent Ace',
];
const JiliBaccarat = ['Baccarat Classic', 'Speed Baccarat', 'Mini Baccarat', 'Baccarat Squeeze'];
const JiliRoulette = ['European Roulette', 'Roulette Royale', 'Lucky Roulette', 'Roulette Express'];
const EvoBaccarat = [
  'Baccarat A',
  'Baccarat B',
  'Baccarat C',
  'Baccarat D',
  'Baccarat E',
  'Baccarat F',
  'Speed Baccarat A',
  'Speed Baccarat B',
  'Speed Baccarat C',
  'Speed Baccarat D',
  'Salon Prive Baccarat',
  'Baccarat Control Squeeze',
  'Prosperity Baccarat',
  'Golden Baccarat',
];
const EvoRoulette = [
  'Roulette',
  'Speed Roulette',
  'Immersive Roulette',
  'Auto Roulette',
  'VIP Roulette',
  'Roulette Italiana',
  'Ruleta en Vivo',
  'Red Door Roulette',
  'Grand Roulette',
  'Lucky Wheel Roulette',
];
const Fishing = [
  'Ocean King',
  'Dragon Fishing',
  'Mega Fishing',
  'Royal Fishing',
  'Jackpot Fishing',
  'Bombing Fishing',
  'Happy Fishing',
  'Shark Hunter',
  'Deep Sea Quest',
  'Golden Toad',
];
const HiLo = ['Hi-Lo Classic', 'Hi-Lo Turbo', 'Card Climb', 'Higher or Lower', 'Lucky Hi-Lo'];
const Dice = ['Sic Bo', 'Big Small', 'Triple Dice', 'Lucky Dice', 'Dice Palace'];
/**
 * The poker lobby's tables: hi-lo card games on a poker-table skin, named for what
 * they run (no poker hand is dealt or ranked anywhere in the simulator; a title that names poker,
 * hold'em or texas would promise a game that does not exist).
 */
const Poker = [
  'Hi-Lo Card Table',
  'Hi-Lo Royal Table',
  'Hi-Lo High Roller',
  'Hi-Lo Card Ladder',
  'Hi-Lo Ace Table',
  'Hi-Lo Green Felt',
];

/** Tags by position: a few hot, a few new, the volatile slots carry the jackpot tag. */
function tagsFor(index: number, jackpot: boolean): GameTag[] {
  const tags: GameTag[] = [];
  if (index % 5 === 0) tags.push('hot');
  if (index % 7 === 3) tags.push('new');
  if (jackpot) tags.push('jackpot');
  return tags;
}

function hueOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

function game(
  provider: string,
  index: number,
  name: string,
  category: GameCategory,
  rules: GameRules,
): CatalogueGame {
  const jackpot = rules.kind === 'slot' && rules.slot.id === 'volatile';
  return {
    gameId: `${provider}-${String(index + 1).padStart(3, '0')}`,
    name,
    category,
    provider,
    tags: tagsFor(index, jackpot),
    rules,
    product: GameProductOf[category],
    hue: hueOf(name),
  };
}

function build(): Map<string, CatalogueGame[]> {
  const slot = (i: number): GameRules => ({
    kind: 'slot',
    slot: i % 3 === 2 ? SlotConfigs.volatile : SlotConfigs.classic,
  });
  const hilo: GameRules = { kind: 'hilo', rtpBp: HiLoRtpBp };
  const fishing: GameRules = { kind: 'fishing', rtpBp: FishingRtpBp };
  const lists: Record<string, [string, GameCategory, GameRules | ((i: number) => GameRules)][]> = {
    evo: [
      ...EvoBaccarat.map((n) => [n, 'live', { kind: 'baccarat' }] as [string, GameCategory, GameRules]),
      ...EvoRoulette.map((n) => [n, 'live', { kind: 'roulette' }] as [string, GameCategory, GameRules]),
    ],
    pgs: PgsSlots.map((n) => [n, 'slots', slot]),
    jili: [
      ...JiliSlots.map((n) => [n, 'slots', slot] as [string, GameCategory, (i: number) => GameRules]),
      ...JiliBaccarat.map((n) => [n, 'table', { kind: 'baccarat' }] as [string, GameCategory, GameRules]),
      ...JiliRoulette.map((n) => [n, 'table', { kind: 'roulette' }] as [string, GameCategory, GameRules]),
    ],
    fish: [
      ...Fishing.map((n) => [n, 'fishing', fishing] as [string, GameCategory, GameRules]),
      ...HiLo.map((n) => [n, 'mini', hilo] as [string, GameCategory, GameRules]),
      ...Dice.map((n) => [n, 'mini', { kind: 'dice' }] as [string, GameCategory, GameRules]),
      ...Poker.map((n) => [n, 'poker', hilo] as [string, GameCategory, GameRules]),
    ],
  };
  const out = new Map<string, CatalogueGame[]>();
  for (const [provider, list] of Object.entries(lists)) {
    out.set(
      provider,
      list.map(([name, category, rules], i) =>
        game(provider, i, name, category, typeof rules === 'function' ? rules(i) : rules),
      ),
    );
  }
  return out;
}

export const Catalogue: ReadonlyMap<string, readonly CatalogueGame[]> = build();
const ById = new Map<string, CatalogueGame>(
  [...Catalogue.values()].flat().map((g) => [g.gameId, g] as const),
);

export function catalogueGame(provider: string, gameId: string): CatalogueGame | undefined {
  const found = ById.get(gameId);
  return found?.provider === provider ? found : undefined;
}
