/**
 * /ops, the operator dashboard (gateway/OPS.md): asks for the operator token (OPS_TOKEN; kept in
 * memory only), opens the gateway's `/ops/ws` (`useOpsFeed`) and shows its node's figures live, one
 * frame a second: clients and topics, the polls a naive client fleet would make against the
 * gateway's and the share saved, delivery latency percentiles, slow clients, stale topics, with two
 * uPlot charts of the last minutes (`OpsFigures`); upstream calls by call, refusals and each
 * topic's leader (`OpsTables`). A lazy route outside the player login: uPlot never reaches the
 * landing page's JavaScript.
 */
import { type FormEvent, useState } from 'react';
import { useOpsText } from './i18n/index.ts';
import { OpsFigures } from './OpsFigures.tsx';
import { OpsTables } from './OpsTables.tsx';
import { useOpsFeed } from './useOpsFeed.ts';
import './ops.css';

export default function OpsPage() {
  const { t } = useOpsText();
  const [token, setToken] = useState('');
  const { status, frame, history, connect } = useOpsFeed();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect(token);
  };

  return (
    <main className="ops">
      <h1>{t('title')}</h1>
      <form className="ops-login" onSubmit={submit}>
        <label>
          {t('token')}
          <input
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            required
          />
        </label>
        <button type="submit" disabled={status === 'connecting'}>
          {status === 'connecting' ? t('connecting') : t('connect')}
        </button>
      </form>
      {status === 'badToken' && <p role="alert">{t('badToken')}</p>}
      {status === 'closed' && <p role="alert">{t('disconnected')}</p>}
      {frame && status === 'live' && (
        <>
          <OpsFigures frame={frame} history={history} />
          <OpsTables frame={frame} />
        </>
      )}
    </main>
  );
}
