import { toMajor } from '../domain/amounts.ts';
import { dateOf, entriesInRange } from '../domain/statements.ts';
import { ok } from '../reply.ts';
import { page } from '../views.ts';
import { auth, type Handlers } from './handler.ts';

/** The ledger ref of an operator adjustment with its reason (admin.ts). */
export function adjustmentRef(remark: string | undefined): string {
  return remark ? `admin:${remark}` : 'admin';
}

function remarkOf(ref: string): string {
  return ref.startsWith('admin:') ? ref.slice('admin:'.length) : '';
}

export const adjustmentHandlers: Handlers = {
  gameresultadjustment: (ctx) => {
    const { account } = auth(ctx);
    const body = ctx.body;
    const c = account.currency;
    const entries = entriesInRange(ctx.sim.store, account.id, ['adjust'], body);
    let credit = 0;
    let debit = 0;
    for (const e of entries) {
      const amount = e.dAvailable + e.dFrozen;
      if (amount >= 0) credit += amount;
      else debit -= amount;
    }
    const paged = page(entries, body.page_number, body.page_size);
    return ok({
      data: {
        total: paged.total,
        page_number: paged.page_number,
        page_size: paged.page_size,
        items: paged.items.map((e) => {
          const amount = e.dAvailable + e.dFrozen;
          return {
            id: e.seq,
            kind: amount >= 0 ? 'credit' : 'debit',
            amount: toMajor(amount, c),
            balance: toMajor(e.available + e.frozen, c),
            currency: c,
            time: e.time,
            date: dateOf(e.time),
            remark: remarkOf(e.ref),
          };
        }),
        credit: toMajor(credit, c),
        debit: toMajor(debit, c),
        sum: toMajor(credit - debit, c),
      },
    });
  },
};
