/**
 * A running single's or parlay's cash-out on the bet list: the account stream's current offer and
 * Cash out, then the fresh quote to confirm (with why it moved), working, accepted or refused
 * (the flow is useCashOut).
 */

import { useBook } from '../../shared/i18n/book/useBook.ts';
import type { Auth } from '../../shared/result.ts';
import type { BetView } from '../betslip/types.ts';
import { moneyText } from './money.ts';
import { useCashOut } from './useCashOut.ts';
import { useCodeText } from './useCodeText.ts';

export function CashOut({ bet, auth, offer }: { bet: BetView; auth: Auth; offer: number | null }) {
  const { t } = useBook();
  const codeText = useCodeText();
  const { state, quote, confirm, cancel } = useCashOut(bet, auth);
  const cur = bet.currency;
  switch (state.step) {
    case 'idle':
      return (
        <>
          {offer !== null ? (
            <span className="cashout-offer" data-cashout-offer={offer}>
              {t('betlist.cashoutOffer', { value: moneyText(offer, cur) })}{' '}
            </span>
          ) : null}
          <button type="button" data-action="cashout" onClick={() => void quote(null)}>
            {t('betlist.cashout')}
          </button>
        </>
      );
    case 'quoting':
    case 'cashing':
      return <span role="status">{t('betlist.cashoutWorking')}</span>;
    case 'quoted':
      return (
        <span className="cashout-offer" data-cashout="quoted">
          {state.note ? (
            <span role="alert" data-code={state.note}>
              {codeText(state.note)}{' '}
            </span>
          ) : null}
          {t('betlist.cashoutOffer', { value: moneyText(state.quote.value, cur) })}{' '}
          <button type="button" data-action="cashout-confirm" onClick={() => void confirm(state.quote)}>
            {t('betlist.cashoutConfirm')}
          </button>
          <button type="button" onClick={cancel}>
            {t('betlist.cancel')}
          </button>
        </span>
      );
    case 'done':
      return (
        <span data-cashout="accepted" role="status">
          {t('betlist.cashoutDone', { value: moneyText(state.value, cur) })}
        </span>
      );
    case 'failed':
      return (
        <span data-cashout="rejected" data-code={state.code} role="alert">
          {codeText(state.code)}
        </span>
      );
  }
}
