/** One ops frame's lists: the nodes, upstream calls by call, refusals, and every topic. */
import type { OpsFrame } from '@sportsbook/protocol';
import { useOpsText } from './i18n/index.ts';
import { fixed } from './OpsFigures.tsx';

export function OpsTables({ frame }: { frame: OpsFrame }) {
  const { t } = useOpsText();
  const calls = Object.entries(frame.upstreamPerSecond).filter(([, rate]) => rate > 0);
  return (
    <>
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
  );
}
