/**
 * One bet's cash-out, step by step: a fresh quote (cashoutcheck), confirm, then accepted or the
 * catalogue's code; a moved or expired quote asks for a fresh one and says why.
 */
import { useState } from 'react';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import type { BetView } from '../betslip/types.ts';
import { type CashOutQuote, cashOut, cashOutCheck } from './infoApi.ts';

export type CashOutState =
  | { step: 'idle' }
  | { step: 'quoting' }
  | { step: 'quoted'; quote: CashOutQuote; note: string | null }
  | { step: 'cashing'; quote: CashOutQuote }
  | { step: 'done'; value: number }
  | { step: 'failed'; code: string };

/** Codes after which a fresh quote is worth showing rather than a dead end. */
const RequoteCodes = new Set(['cashoutPriceChanged', 'cashoutExpired', 'oddsChanged']);

export function useCashOut(bet: BetView, auth: Auth) {
  const [state, setState] = useState<CashOutState>({ step: 'idle' });
  const quote = async (note: string | null) => {
    setState({ step: 'quoting' });
    const r = await cashOutCheck(api, auth, bet.bet_id);
    setState(r.ok ? { step: 'quoted', quote: r.value, note } : { step: 'failed', code: r.error.code });
  };
  const confirm = async (q: CashOutQuote) => {
    setState({ step: 'cashing', quote: q });
    const r = await cashOut(api, auth, q, crypto.randomUUID());
    // The account stream drops the bet from the running list once the upstream has it cashed out.
    if (r.ok) setState({ step: 'done', value: r.value.cashout_value ?? q.value });
    else if (RequoteCodes.has(r.error.code)) await quote(r.error.code);
    else setState({ step: 'failed', code: r.error.code });
  };
  const cancel = () => setState({ step: 'idle' });
  return { state, quote, confirm, cancel };
}
