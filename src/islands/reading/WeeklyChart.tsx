import { useId, useSyncExternalStore } from 'react';
import type { WeekTotal } from '~/features/reading/reading';
import './WeeklyChart.css';
import { chartSummary, chartTicks, shortDay } from '~/features/reading/chart';
import { Figures } from './Figures';

const NARROW = '(max-width: 36rem)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * On a phone the chart is drawn for its width rather than shrunk: a picture scaled to half its
 * size has unreadable labels.
 */
function useNarrow() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** The chart's drawing: its size for the screen, margins, scale and the band of each week. */
function chartLayout(weeks: readonly WeekTotal[], narrow: boolean) {
  const ticks = chartTicks(Math.max(0, ...weeks.map((w) => w.minutes)));
  const top = ticks[ticks.length - 1] ?? 30;
  const width = narrow ? 340 : 680;
  const height = narrow ? 236 : 276;
  const m = { left: narrow ? 34 : 46, right: 8, top: 26, bottom: 58 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const band = plotW / weeks.length;
  const y = (minutes: number) => m.top + plotH - (minutes / top) * plotH;
  return { narrow, ticks, top, width, height, m, plotW, plotH, band, y, font: narrow ? 11 : 13 };
}

type ChartLayout = ReturnType<typeof chartLayout>;

/**
 * Minutes of reading per week, as bars, drawn from the data. The picture has one accessible name
 * and a sentence that says what it shows; the figures are in a table below it for anyone who
 * would rather read them.
 */
export function WeeklyChart({ weeks }: { weeks: readonly WeekTotal[] }) {
  const narrow = useNarrow();
  const uid = useId();
  const layout = chartLayout(weeks, narrow);
  const { ticks, width, height, m, plotW, y, font } = layout;

  return (
    <figure className="chart">
      <svg
        role="img"
        aria-labelledby={`${uid}-title`}
        aria-describedby={`${uid}-caption`}
        viewBox={`0 0 ${width} ${height}`}
        className="chart-svg"
        fontSize={font}
      >
        <title id={`${uid}-title`}>Minutes of reading per week, last {weeks.length} weeks</title>
        <text x={m.left - 6} y={14} textAnchor="start" className="chart-axis-title">
          Minutes
        </text>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={m.left}
              x2={width - m.right}
              y1={y(t)}
              y2={y(t)}
              className={t === 0 ? 'chart-base' : 'chart-grid'}
            />
            <text x={m.left - 6} y={y(t)} dy="0.35em" textAnchor="end" className="chart-tick">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => (
          <WeekBar key={w.start} week={w} index={i} count={weeks.length} layout={layout} />
        ))}
        <text x={m.left + plotW / 2} y={height - 6} textAnchor="middle" className="chart-axis-title">
          Week starting Monday
        </text>
      </svg>
      <figcaption id={`${uid}-caption`} className="chart-caption">
        {chartSummary(weeks)}
      </figcaption>
      <Figures
        summary="The figures, week by week"
        caption="Minutes of reading per week"
        first="Week starting"
        rows={[...weeks].reverse().map((w, i) => ({
          key: w.start,
          label: i === 0 ? `${shortDay(w.start)} (this week)` : shortDay(w.start),
          minutes: w.minutes,
          entries: w.entries,
        }))}
      />
    </figure>
  );
}

/** One week's bar, its minutes above it (not on a phone), its date below, and "this week" under the last. */
function WeekBar({
  week: w,
  index: i,
  count,
  layout,
}: {
  week: WeekTotal;
  index: number;
  count: number;
  layout: ChartLayout;
}) {
  const { narrow, top, height, m, plotH, band, y } = layout;
  const current = i === count - 1;
  const x = m.left + i * band;
  const barH = (w.minutes / top) * plotH;
  // A phone has room for every third week's date; counted back from this week, always labelled.
  const labelled = !narrow || (count - 1 - i) % 3 === 0;
  return (
    <g>
      {w.minutes > 0 && (
        <rect
          x={x + band * 0.18}
          y={y(w.minutes)}
          width={band * 0.64}
          height={Math.max(barH, 1.5)}
          rx={3}
          className={current ? 'chart-bar chart-bar-current' : 'chart-bar'}
        />
      )}
      {w.minutes > 0 && !narrow && (
        <text x={x + band / 2} y={y(w.minutes) - 6} textAnchor="middle" className="chart-value">
          {w.minutes}
        </text>
      )}
      {labelled && (
        <text
          x={x + band / 2}
          y={height - m.bottom + 18}
          textAnchor="middle"
          className={current ? 'chart-label chart-label-current' : 'chart-label'}
        >
          {shortDay(w.start)}
        </text>
      )}
      {current && (
        <text
          x={x + band}
          y={height - m.bottom + 34}
          textAnchor="end"
          className="chart-label chart-label-current"
        >
          this week
        </text>
      )}
    </g>
  );
}
