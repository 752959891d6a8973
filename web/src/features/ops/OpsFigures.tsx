/** One ops frame as tiles and two charts of the recent history (`OpsTables` has its lists). */
import type { OpsFrame } from '@sportsbook/protocol';
import { useOpsText } from './i18n/index.ts';
import { OpsChart } from './OpsChart.tsx';
import type { OpsHistory } from './opsHistory.ts';

export const fixed = (n: number | null, digits = 1) => (n === null ? '—' : n.toFixed(digits));

export function OpsFigures({ frame, history }: { frame: OpsFrame; history: OpsHistory }) {
  const { t, i18n } = useOpsText();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const stale = frame.topics.filter((topic) => topic.stale);
  return (
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
    </>
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
