/**
 * /ops, the operator dashboard (gateway/OPS.md): asks for the operator token (OPS_TOKEN; kept in
 * memory only), opens the gateway's `/ops/ws` and shows its node's figures live, one frame a
 * second: clients and topics, upstream calls by call, the polls a naive client fleet would make
 * against the gateway's and the share saved, delivery latency percentiles, slow clients,
 * refusals, stale topics and each topic's leader, with two uPlot charts of the last minutes.
 * A lazy route outside the player login: uPlot never reaches the landing page's JavaScript.
 */
import { OpsCloseCode, type OpsFrame, parseOpsFrame } from '@sportsbook/protocol';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useOpsText } from './i18n/index.ts';
import { OpsChart } from './OpsChart.tsx';
import './ops.css';

/** Points kept per chart series (one a second). */
export const HistoryPoints = 300;

type Status = 'idle' | 'connecting' | 'live' | 'badToken' | 'closed';

export interface OpsHistory {
  at: number[];
  clients: number[];
  saved: (number | null)[];
  naive: number[];
  shared: number[];
  upstream: number[];
}

const emptyHistory = (): OpsHistory => ({
  at: [],
  clients: [],
  saved: [],
  naive: [],
  shared: [],
  upstream: [],
});

/** The history with one frame appended, at most HistoryPoints long (pure). */
export function appendFrame(h: OpsHistory, f: OpsFrame): OpsHistory {
  const keep = <T,>(xs: T[], x: T) => [...xs.slice(-(HistoryPoints - 1)), x];
  const upstream = Object.values(f.upstreamPerSecond).reduce((a, b) => a + b, 0);
  return {
    at: keep(h.at, f.at / 1000),
    clients: keep(h.clients, f.clients),
    saved: keep(h.saved, f.savedShare === null ? null : f.savedShare * 100),
    naive: keep(h.naive, f.naivePerSecond),
    shared: keep(h.shared, f.sharedPerSecond),
    upstream: keep(h.upstream, upstream),
  };
}

function opsSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ops/ws`;
}

const fixed = (n: number | null, digits = 1) => (n === null ? '—' : n.toFixed(digits));

export default function OpsPage() {
  const { t, i18n } = useOpsText();
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [frame, setFrame] = useState<OpsFrame | null>(null);
  const [history, setHistory] = useState<OpsHistory>(emptyHistory);
  const socket = useRef<WebSocket | null>(null);

  const disconnect = useCallback(() => {
    socket.current?.close();
    socket.current = null;
  }, []);
  useEffect(() => disconnect, [disconnect]);

  const connect = (event: FormEvent) => {
    event.preventDefault();
    disconnect();
    setStatus('connecting');
    setHistory(emptyHistory());
    const ws = new WebSocket(opsSocketUrl());
    socket.current = ws;
    ws.onopen = () => ws.send(JSON.stringify({ op: 'auth', token }));
    ws.onmessage = (message) => {
      const parsed = parseOpsFrame(String(message.data));
      if (!parsed.ok) return;
      setStatus('live');
      setFrame(parsed.value);
      setHistory((h) => appendFrame(h, parsed.value));
    };
    ws.onclose = (close) => {
      if (socket.current !== ws) return;
      socket.current = null;
      setStatus(close.code === OpsCloseCode.badToken ? 'badToken' : 'closed');
    };
  };

  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const stale = frame?.topics.filter((topic) => topic.stale) ?? [];
  const calls = Object.entries(frame?.upstreamPerSecond ?? {}).filter(([, rate]) => rate > 0);

  return (
    <main className="ops">
      <h1>{t('title')}</h1>
      <form className="ops-login" onSubmit={connect}>
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
          <p className="ops-node">{t('node', { node: frame.node })}</p>
          <dl className="ops-tiles">
            <Tile label={t('clients')} value={String(frame.clients)} id="clients" />
            <Tile label={t('topics')} value={String(frame.topics.length)} id="topics" />
            <Tile label={t('naive')} value={fixed(frame.naivePerSecond)} id="naive" />
            <Tile label={t('shared')} value={fixed(frame.sharedPerSecond)} id="shared" />
            <Tile
              label={t('saved')}
              value={frame.savedShare === null ? '—' : percent.format(frame.savedShare)}
              id="saved"
            />
            <Tile
              label={t('latency')}
              value={`${fixed(frame.latencyMs.p50)} / ${fixed(frame.latencyMs.p95)} / ${fixed(frame.latencyMs.p99)}`}
              id="latency"
            />
            <Tile
              label={`${t('slow')}: ${t('conflated')} / ${t('closed')}`}
              value={`${frame.slow.conflated} / ${frame.slow.closed}`}
              id="slow"
            />
            <Tile label={t('stale')} value={String(stale.length)} id="stale" />
          </dl>
          <section className="ops-charts">
            <OpsChart
              title={t('chartClients')}
              data={[history.at, history.clients, history.saved]}
              series={[
                { label: t('clients'), stroke: '#2b6cb0' },
                { label: `${t('saved')} %`, stroke: '#2f855a', scale: '%' },
              ]}
            />
            <OpsChart
              title={t('chartCalls')}
              data={[history.at, history.naive, history.shared, history.upstream]}
              series={[
                { label: t('naive'), stroke: '#c53030' },
                { label: t('shared'), stroke: '#2f855a' },
                { label: t('upstream'), stroke: '#6b46c1' },
              ]}
            />
          </section>
          <h2>{t('nodes')}</h2>
          <div className="ops-table">
            <table>
              <thead>
                <tr>
                  <th>{t('nodeColumn')}</th>
                  <th>{t('clients')}</th>
                  <th>{t('topics')}</th>
                </tr>
              </thead>
              <tbody>
                {frame.nodes.map((n) => (
                  <tr key={n.node} data-testid="ops-node-row">
                    <td>
                      <code>{n.node}</code>
                    </td>
                    <td>{n.clients}</td>
                    <td>{n.topics}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>
            {t('upstream')} · {t('byCall')}
          </h2>
          <ul className="ops-list">
            {calls.length === 0 && <li>{t('none')}</li>}
            {calls.map(([call, rate]) => (
              <li key={call}>
                <code>{call}</code> {fixed(rate)}
              </li>
            ))}
          </ul>
          <h2>{t('refusals')}</h2>
          <ul className="ops-list">
            {Object.keys(frame.refusals).length === 0 && <li>{t('none')}</li>}
            {Object.entries(frame.refusals).map(([reason, count]) => (
              <li key={reason}>
                <code>{reason}</code> {count}
              </li>
            ))}
          </ul>
          <h2>{t('topics')}</h2>
          <div className="ops-table">
            <table>
              <thead>
                <tr>
                  <th>{t('topic')}</th>
                  <th>{t('subscribers')}</th>
                  <th>{t('leader')}</th>
                  <th>{t('stale')}</th>
                </tr>
              </thead>
              <tbody>
                {frame.topics.map((topic) => (
                  <tr key={topic.topic}>
                    <td>
                      <code>{topic.topic}</code>
                    </td>
                    <td>{topic.subscribers}</td>
                    <td>{topic.leader ?? '—'}</td>
                    <td>{topic.stale ? '!' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </main>
  );
}

function Tile({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="ops-tile">
      <dt>{label}</dt>
      <dd data-testid={`ops-${id}`}>{value}</dd>
    </div>
  );
}
