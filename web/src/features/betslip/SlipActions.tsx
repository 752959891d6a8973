/**
 * The slip's footer, the flow's buttons and outcome per state: Place bet, Confirm (armed after its
 * delay) and Cancel, the resumed note, placing, Retry, the outcome (waiting, accepted with its
 * reference, rejected) with the parlay totals, then Keep selections and Clear.
 */
import type { RefObject } from 'react';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { ParlayTotals } from './ParlayTotals.tsx';
import type { SlipRef, SlipView } from './useSlipView.ts';

const newKey = () => crypto.randomUUID();

export interface SlipActionRefs {
  confirmRef: RefObject<HTMLButtonElement | null>;
  footerRef: RefObject<HTMLElement | null>;
  keepRef: RefObject<HTMLButtonElement | null>;
}

export function SlipActions({
  slip,
  view,
  viewOnly,
  refs,
}: {
  slip: SlipRef;
  view: SlipView;
  viewOnly: boolean;
  refs: SlipActionRefs;
}) {
  const { t } = useBook();
  const { ctx, stateName, armed, locked, tooMany } = view;
  return (
    <footer ref={refs.footerRef}>
      {stateName === 'open.ready' || stateName === 'open.checking' ? (
        <button
          type="button"
          className="primary"
          data-action="submit"
          disabled={locked || viewOnly || tooMany || stateName !== 'open.ready'}
          onClick={() => slip.send({ type: 'bet.submit' })}
        >
          {t('slip.place')}
        </button>
      ) : null}
      {stateName === 'open.confirming' ? (
        <>
          <button
            ref={refs.confirmRef}
            type="button"
            className="primary"
            data-action="confirm"
            data-armed={armed ? '' : undefined}
            disabled={locked || viewOnly || !armed}
            onClick={() => slip.send({ type: 'bet.confirm', requestId: newKey() })}
          >
            {t('slip.confirm')}
          </button>
          <button type="button" onClick={() => slip.send({ type: 'bet.cancel' })}>
            {t('slip.cancel')}
          </button>
        </>
      ) : null}
      {ctx.resumed ? (
        <p className="slip-resumed" role="status" data-resumed="">
          {t('slip.resumed')}
        </p>
      ) : null}
      {stateName === 'placing' ? <p data-placing>{t('slip.placing')}</p> : null}
      {stateName === 'placeFailed' ? (
        <button type="button" data-action="retry" onClick={() => slip.send({ type: 'bet.retry' })}>
          {t('slip.retry')}
        </button>
      ) : null}
      {stateName === 'waiting' ? <p data-outcome="waiting">{t('slip.waiting')}</p> : null}
      {stateName === 'accepted' ? (
        <p data-outcome="accepted">{t('slip.accepted', { ref: ctx.bet?.ref_no ?? '' })}</p>
      ) : null}
      {stateName === 'rejected' ? <p data-outcome="rejected">{t('slip.rejected')}</p> : null}
      {stateName === 'accepted' || stateName === 'rejected' || stateName === 'waiting' ? (
        <ParlayTotals bet={ctx.bet} />
      ) : null}
      {stateName === 'accepted' || stateName === 'rejected' ? (
        <>
          <button ref={refs.keepRef} type="button" onClick={() => slip.send({ type: 'bet.keep' })}>
            {t('slip.keep')}
          </button>
          <button type="button" onClick={() => slip.send({ type: 'bet.clear' })}>
            {t('slip.clear')}
          </button>
        </>
      ) : null}
    </footer>
  );
}
