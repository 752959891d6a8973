/**
 * The wallet engine: every movement is a ledger entry carrying the balances after it, so
 * statements are sums over the ledger and reconcile to the minor unit by construction.
 * Cash = available + frozen. freeze/release move money between available and frozen (cash
 * unchanged); stake (debit) and payout, commission, deposit (credits) change cash.
 */
import { reject } from '../reply.ts';
import type { Store } from './store.ts';
import type { LedgerEntry, LedgerType } from './types.ts';

export class WalletEngine {
  constructor(private readonly store: Store) {}

  balance(accountId: string): { available: number; frozen: number; cash: number } {
    const wallet = this.store.wallet(accountId);
    return { available: wallet.available, frozen: wallet.frozen, cash: wallet.available + wallet.frozen };
  }

  private move(
    accountId: string,
    type: LedgerType,
    dAvailable: number,
    dFrozen: number,
    ref: string,
    time: number,
    product?: string,
  ): LedgerEntry {
    if (!Number.isSafeInteger(dAvailable) || !Number.isSafeInteger(dFrozen)) {
      throw new RangeError(`ledger amounts must be integers: ${dAvailable}, ${dFrozen}`);
    }
    const wallet = this.store.wallet(accountId);
    // Ledger time never goes back (a restored world may restart slightly behind the journal).
    const last = this.store.entries(accountId).at(-1);
    if (last && last.time > time) time = last.time;
    const available = wallet.available + dAvailable;
    const frozen = wallet.frozen + dFrozen;
    if (available < 0) reject('insufficient_balance');
    if (frozen < 0) throw new RangeError(`frozen balance would go negative for ${accountId}`);
    const entry: LedgerEntry = {
      seq: this.store.ledgerSeq + 1,
      accountId,
      type,
      dAvailable,
      dFrozen,
      ref,
      time,
      available,
      frozen,
      ...(product !== undefined ? { product } : {}),
    };
    this.store.appendLedger(entry);
    return entry;
  }

  deposit(accountId: string, amount: number, ref: string, time: number): void {
    if (amount > 0) this.move(accountId, 'deposit', amount, 0, ref, time);
  }

  /** Operator adjustment (admin); negative takes money away (never below zero available). */
  adjust(accountId: string, amount: number, ref: string, time: number): void {
    if (amount !== 0) this.move(accountId, 'adjust', amount, 0, ref, time);
  }

  /**
   * A product's own movement of available cash, one ledger entry of its own type (tournament:
   * roomFee debits, roomRefund and roomPrize credit). A debit beyond the balance is refused.
   */
  transfer(
    accountId: string,
    type: LedgerType,
    amount: number,
    ref: string,
    time: number,
    product: string,
  ): LedgerEntry {
    return this.move(accountId, type, amount, 0, ref, time, product);
  }

  /** `product`: set by a product other than the sportsbook (the 4D lottery) on its entries. */
  freeze(accountId: string, amount: number, ref: string, time: number, product?: string): void {
    if (amount > this.store.wallet(accountId).available) reject('insufficient_balance');
    this.move(accountId, 'freeze', -amount, amount, ref, time, product);
  }

  release(accountId: string, amount: number, ref: string, time: number, product?: string): void {
    this.move(accountId, 'release', amount, -amount, ref, time, product);
  }

  /** Settles a frozen stake: debit it, credit what it returns (stake included) and the commission. */
  settle(
    accountId: string,
    risk: number,
    returned: number,
    commission: number,
    ref: string,
    time: number,
    product?: string,
  ): void {
    this.move(accountId, 'stake', 0, -risk, ref, time, product);
    if (returned > 0) this.move(accountId, 'payout', returned, 0, ref, time, product);
    if (commission > 0) this.move(accountId, 'commission', commission, 0, ref, time, product);
  }
}
