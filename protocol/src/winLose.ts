/**
 * The win/loss report per product (platformwinlose, the statement's turnover and win/loss columns),
 * computed from wallet ledger movements so every product that writes the ledger has its row and
 * the rows add up to the ledger to the minor unit (RULES.md "Win/loss per product").
 *
 * A movement is one ledger entry's signed change of cash (minor units) with its product and type.
 * - `account` movements (deposits, operator adjustments) are not play: no row.
 * - turnover: what was staked: the debits of `stake`, `gameStake` and `roomFee`, less `roomRefund`
 *   (a room that never ran staked nothing).
 * - commission: the `commission` credits.
 * - win/loss: every other movement of the product, signed from the member's side (stakes lost are
 *   negative, payouts, wins, prizes and refunds positive).
 * So for every product row: winLose + commission = the sum of its movements, and over all rows
 * that sum is the change of cash less the account's own movements.
 */

/** Products in the order a report lists them; unknown products follow in name order. */
export const WinLoseProducts = [
  'sportsbook',
  'esports',
  'virtual',
  'lottery',
  'numbergame',
  'tournament',
  'slots',
  'livecasino',
  'minigame',
  'poker',
] as const;

/** The product of deposits and operator adjustments: not a row of the report. */
export const AccountProduct = 'account';

/** Movements of turnover: their debits stake, their credits (a refunded fee) take the stake back. */
const TurnoverTypes: ReadonlySet<string> = new Set(['stake', 'gameStake', 'roomFee', 'roomRefund']);

export interface LedgerMovement {
  readonly product: string;
  readonly type: string;
  /** Signed change of cash, minor units (integer). */
  readonly amount: number;
  /** The bet, ticket, round or room the movement belongs to. */
  readonly ref: string;
}

export interface ProductWinLose {
  readonly product: string;
  /** Distinct refs staked in the range (bets, tickets, rounds, rooms). */
  readonly count: number;
  readonly turnover: number;
  readonly winLose: number;
  readonly commission: number;
}

function rank(product: string): number {
  const i = (WinLoseProducts as readonly string[]).indexOf(product);
  return i < 0 ? WinLoseProducts.length : i;
}

/** One row per product with a movement in `movements` (account movements excluded), in report order. */
export function winLoseByProduct(movements: Iterable<LedgerMovement>): ProductWinLose[] {
  const rows = new Map<
    string,
    { turnover: number; winLose: number; commission: number; refs: Set<string> }
  >();
  for (const m of movements) {
    if (m.product === AccountProduct || m.amount === 0) continue;
    let row = rows.get(m.product);
    if (!row) {
      row = { turnover: 0, winLose: 0, commission: 0, refs: new Set() };
      rows.set(m.product, row);
    }
    if (TurnoverTypes.has(m.type)) {
      row.turnover -= m.amount;
      if (m.amount < 0) row.refs.add(m.ref);
    }
    if (m.type === 'commission') row.commission += m.amount;
    else row.winLose += m.amount;
  }
  return [...rows.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([product, r]) => ({
      product,
      count: r.refs.size,
      turnover: r.turnover,
      winLose: r.winLose,
      commission: r.commission,
    }));
}

/** The report's total row: each column summed over the product rows. */
export function winLoseTotal(rows: readonly ProductWinLose[]): Omit<ProductWinLose, 'product'> {
  let count = 0;
  let turnover = 0;
  let winLose = 0;
  let commission = 0;
  for (const r of rows) {
    count += r.count;
    turnover += r.turnover;
    winLose += r.winLose;
    commission += r.commission;
  }
  return { count, turnover, winLose, commission };
}
