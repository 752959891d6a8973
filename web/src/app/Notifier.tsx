/**
 * Shows what the error catalogue decided (the session machine emits `notify` with the UiAction):
 * toasts (role status), error dialogs (role alertdialog), notices (role dialog), the network banner;
 * logs what is logged; goes home after a session code.
 */

import type { UiAction } from '@sportsbook/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReturnFocus } from '../shared/components/returnFocus.ts';
import { catalogueText } from '../shared/i18n/index.ts';
import { logCode } from './clientLog.ts';
import { SessionContext } from './contexts.ts';

interface Shown {
  id: number;
  code: string;
  action: UiAction;
}

const ToastMs = 6000;

function Toast({ item, onClose }: { item: Shown; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onClose(item.id), ToastMs);
    return () => clearTimeout(timer);
  }, [item.id, onClose]);
  return (
    <div className={`toast toast-${item.action.severity}`} role="status" aria-live="polite">
      <span>{catalogueText(t, item.action)}</span>
      <button type="button" className="link" onClick={() => onClose(item.id)} aria-label={t('common.close')}>
        ×
      </button>
    </div>
  );
}

function Dialog({ item, onClose }: { item: Shown; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  // Closed, it gives the focus back to where the player was.
  useReturnFocus();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const notice = item.action.show === 'notice';
  const titleId = `dialog-title-${item.id}`;
  const body = (
    <>
      <h2 id={titleId}>{notice ? t('dialog.notice') : t('dialog.error')}</h2>
      <p id={`${titleId}-text`}>{catalogueText(t, item.action)}</p>
      <button ref={button} type="button" onClick={() => onClose(item.id)}>
        {t('common.ok')}
      </button>
    </>
  );
  return (
    <div className="backdrop">
      {notice ? (
        <div
          className="dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-text`}
        >
          {body}
        </div>
      ) : (
        <div
          className="dialog"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-text`}
        >
          {body}
        </div>
      )}
    </div>
  );
}

export function Notifier() {
  const session = SessionContext.useActorRef();
  const network = SessionContext.useSelector((s) => s.context.network);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Shown[]>([]);
  const [dialogs, setDialogs] = useState<Shown[]>([]);
  const nextId = useRef(1);

  useEffect(() => {
    const subscription = session.on('session.notify', ({ code, action }) => {
      if (action.log) logCode(code, action.kind);
      const item = { id: nextId.current++, code, action };
      if (action.show === 'toast') setToasts((list) => [...list.slice(-4), item]);
      if (action.show === 'dialog' || action.show === 'notice') {
        // The same code twice (two calls failing together) is one dialog.
        setDialogs((list) => (list.some((d) => d.code === code) ? list : [...list, item]));
      }
      if (action.goHome) navigate('/', { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [session, navigate]);

  const closeToast = (id: number) => setToasts((list) => list.filter((x) => x.id !== id));
  const closeDialog = (id: number) => setDialogs((list) => list.filter((x) => x.id !== id));
  const dialog = dialogs[0];

  return (
    <>
      {network === 'failed' && (
        <div className="network-banner" role="alert">
          {t('error.requestFailed')}
        </div>
      )}
      <div className="toasts">
        {toasts.map((item) => (
          <Toast key={item.id} item={item} onClose={closeToast} />
        ))}
      </div>
      {dialog && <Dialog key={dialog.id} item={dialog} onClose={closeDialog} />}
    </>
  );
}
