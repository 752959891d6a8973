/**
 * Money on the info pages. The upstream sends major units as JSON numbers; each is turned into
 * integer minor units once (the currency's minor digits, protocol CurrencyInfo) and every sum or
 * check is done on those integers, never on the floats.
 */
import { isRecord } from '@sportsbook/protocol';
import { formatMoney, toMinor } from '../../shared/money.ts';

/** A major-unit amount from a reply, shown with the currency's minor digits. */
export function moneyText(major: number, currency: string): string {
  return formatMoney(toMinor(major, currency), currency);
}

export interface StatementDay {
  readonly date: string;
  readonly opening: number;
  readonly credit: number;
  readonly debit: number;
  readonly commission: number;
  readonly closing: number;
  readonly turnover: number;
  readonly winLose: number;
}

/** opening + credit - debit in minor units, and whether it equals the day's closing balance. */
export function reconcile(day: StatementDay): { expected: number; ok: boolean } {
  const expected = day.opening + day.credit - day.debit;
  return { expected, ok: expected === day.closing };
}

/** dailystatement's `data` (major units) to days in minor units; rows without the fields are dropped. */
export function readStatement(data: unknown, currency: string): StatementDay[] {
  if (!Array.isArray(data)) return [];
  const days: StatementDay[] = [];
  for (const row of data) {
    if (!isRecord(row) || typeof row.date !== 'string') continue;
    const m = (key: string) => (typeof row[key] === 'number' ? toMinor(row[key] as number, currency) : null);
    const opening = m('opening_balance');
    const credit = m('credit');
    const debit = m('debit');
    const closing = m('closing_balance');
    if (opening === null || credit === null || debit === null || closing === null) continue;
    days.push({
      date: row.date,
      opening,
      credit,
      debit,
      closing,
      commission: m('commission') ?? 0,
      turnover: m('turnover') ?? 0,
      winLose: m('win_lose') ?? 0,
    });
  }
  return days;
}
