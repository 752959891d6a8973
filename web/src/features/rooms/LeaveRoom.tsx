/** Leaving a room before it starts (the fee is refunded): the button, its confirmation, the refusal. */
import { useTranslation } from 'react-i18next';
import { codeText } from './codeText.ts';
import type { LeaveFlow } from './useRoomFlow.ts';
import { useRoomsText } from './useRoomsText.ts';

export function LeaveRoom({ phase, error, flow }: { phase: string; error: string | null; flow: LeaveFlow }) {
  const { t } = useRoomsText();
  const main = useTranslation();
  return (
    <div className="leave">
      {flow.confirming ? (
        <>
          <span>{t('leave.confirm')}</span>
          <button type="button" disabled={phase === 'leaving'} onClick={flow.leave}>
            {t('leave.yes')}
          </button>
          <button type="button" className="secondary" onClick={flow.cancel}>
            {t('common.cancel')}
          </button>
        </>
      ) : (
        <button type="button" className="secondary" onClick={flow.ask}>
          {t('leave.button')}
        </button>
      )}
      {error && phase === 'joined' ? (
        <p className="form-error" role="alert">
          {codeText(main.t, error)}
        </p>
      ) : null}
    </div>
  );
}
