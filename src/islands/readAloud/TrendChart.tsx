import type { FluencyTrend } from '~/features/readAloud/readAloud.schema';
import { formatTime } from '~/platform/time';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 40, right: 56, top: 12, bottom: 28 };

/** The chart's scale: from 0 to a round number above both the points and the 75th percentile. */
function topOf(trend: FluencyTrend): number {
  const highest = Math.max(...trend.points.map((p) => p.wordsCorrectPerMinute), trend.norms?.p75 ?? 0, 20);
  return Math.ceil((highest * 1.15) / 20) * 20;
}

/** A one-sentence reading of the chart for screen readers. */
function summary(trend: FluencyTrend, childName: string): string {
  const points = trend.points.map(
    (p) =>
      `${p.wordsCorrectPerMinute} on ${formatTime(p.at, 'shortDate')}${p.countedBy === 'listening' ? ' (heard on the device)' : ''}`,
  );
  const norms = trend.norms
    ? ` The norms: ${trend.norms.p25} at the 25th percentile, ${trend.norms.p50} at the 50th, ${trend.norms.p75} at the 75th.`
    : '';
  return `${childName}’s words correct per minute: ${points.join(', ')}.${norms}`;
}

/**
 * The trend as an SVG line over the norms' band (25th to 75th percentile, the 50th drawn through
 * it). Points are spaced evenly, oldest on the left; each carries its figure.
 */
export function TrendChart({ trend, childName }: { trend: FluencyTrend; childName: string }) {
  const top = topOf(trend);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const step = trend.points.length > 1 ? plotW / (trend.points.length - 1) : 0;
  const x = (i: number) => PAD.left + (trend.points.length > 1 ? i * step : plotW / 2);
  const line = trend.points.map((p, i) => `${x(i)},${y(p.wordsCorrectPerMinute)}`).join(' ');
  const norms = trend.norms;
  return (
    <svg
      className="ra-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={summary(trend, childName)}
    >
      {[0, top / 2, top].map((v) => (
        <g key={v} className="ra-chart-grid">
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
            {v}
          </text>
        </g>
      ))}
      {norms && (
        <g className="ra-chart-norms">
          <rect x={PAD.left} width={plotW} y={y(norms.p75)} height={y(norms.p25) - y(norms.p75)} />
          {(['p25', 'p50', 'p75'] as const).map((key) => (
            <g key={key}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(norms[key])} y2={y(norms[key])} />
              <text x={WIDTH - PAD.right + 6} y={y(norms[key]) + 4}>
                {key.slice(1)}th
              </text>
            </g>
          ))}
        </g>
      )}
      <polyline className="ra-chart-line" points={line} />
      {trend.points.map((p, i) => (
        <g key={p.recordingId} className="ra-chart-point" data-counted-by={p.countedBy}>
          <circle cx={x(i)} cy={y(p.wordsCorrectPerMinute)} r={5} />
          <text x={x(i)} y={y(p.wordsCorrectPerMinute) - 10} textAnchor="middle">
            {p.wordsCorrectPerMinute}
          </text>
          <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="ra-chart-day">
            {formatTime(p.at, 'axisDay')}
          </text>
        </g>
      ))}
    </svg>
  );
}
