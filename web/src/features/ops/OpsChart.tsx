/**
 * One uPlot time chart of the ops dashboard: created once, fed new data each frame (setData),
 * resized with its container so it never overflows a phone's width.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  stroke: string;
  /** A second y scale (drawn on the right), e.g. '%'. */
  scale?: string;
}

export function OpsChart({
  title,
  data,
  series,
}: {
  title: string;
  data: (number | null)[][];
  series: ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is built once; data flows through setData below.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const scales = [...new Set(series.map((s) => s.scale).filter((s): s is string => s !== undefined))];
    const chart = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: 200,
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, scale: s.scale ?? 'y' })),
        ],
        axes: [
          {},
          { scale: 'y' },
          ...scales.map((scale) => ({ scale, side: 1 as const, grid: { show: false } })),
        ],
        scales: { x: { time: true } },
        legend: { live: false },
      },
      data as uPlot.AlignedData,
      el,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, el.clientWidth), height: 200 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    plot.current?.setData(data as uPlot.AlignedData);
  }, [data]);

  return (
    <figure className="ops-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} />
    </figure>
  );
}
