import { heardHow } from '~/features/readAloud/listening/heardReading';
import type { FluencyTrend as Trend } from '~/features/readAloud/readAloud.schema';
import { percentText } from '~/features/readAloud/runningRecord';
import { formatTime } from '~/platform/time';
import { TrendChart } from './TrendChart';
import { useFluencyTrend } from './useFluencyTrend';

const SEASON_WORDS = { fall: 'autumn', winter: 'winter', spring: 'spring' } as const;

/** The norms as a sentence, or why there are none for this child. */
export function normsText(trend: Trend, without = 'so the chart shows the figures alone'): string {
  if (!trend.norms || trend.grade === null)
    return `There are no published norms for this age and season, ${without}.`;
  const { p25, p50, p75 } = trend.norms;
  return `For grade ${trend.grade}${trend.gradeEstimated ? ' (worked out from the age you gave: add the school grade to the child’s profile to be exact)' : ''} in ${SEASON_WORDS[trend.season]}, half of children read ${p50} words correct a minute or more; a quarter ${p75} or more, and three quarters ${p25} or more.`;
}

/** Who counted a reading's words, in the table's words. */
export const countedByText = (point: Trend['points'][number]) =>
  point.countedBy === 'guide'
    ? 'The reading guide'
    : `Listening on the device (${heardHow(point.confidence ?? 0)})`;

/**
 * Words correct per minute across the child's counted readings (marked by their guide, or heard by
 * listening on the device), placed against the published norms for the child's grade and the
 * season, with the norms' caveat said plainly. Shown once a reading is counted; `version` reloads it.
 */
export function FluencyTrend({
  childId,
  childName,
  version,
}: {
  childId: string;
  childName: string;
  version: string;
}) {
  const trend = useFluencyTrend(childId, version);
  if (!trend || trend.points.length === 0) return null;
  return <TrendSection trend={trend} childName={childName} headingId={`ra-trend-${childId}`} />;
}

/**
 * The chart of words correct per minute over the norms, the figures as a table, the caveat and the
 * source (the practice page, the profile, the progress report).
 */
export function TrendSection({
  trend,
  childName,
  headingId,
}: {
  trend: Trend;
  childName: string;
  headingId: string;
}) {
  return (
    <section className="ra-trend" aria-labelledby={headingId}>
      <h3 id={headingId}>{childName}’s words correct per minute</h3>
      <p>{normsText(trend)}</p>
      <TrendChart trend={trend} childName={childName} />
      {trend.points.some((p) => p.countedBy === 'listening') && (
        <p className="hint ra-chart-key">
          <span className="ra-key-guide" aria-hidden="true" /> Counted by the reading guide{' '}
          <span className="ra-key-heard" aria-hidden="true" /> Counted by listening on the device (a guide’s
          marks replace it)
        </p>
      )}
      <details className="ra-trend-table">
        <summary>The figures as a table</summary>
        <table>
          <caption className="sr-only">{childName}’s counted readings</caption>
          <thead>
            <tr>
              <th scope="col">Read on</th>
              <th scope="col">Passage</th>
              <th scope="col">Words correct a minute</th>
              <th scope="col">Words right</th>
              <th scope="col">Counted by</th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((p) => (
              <tr key={p.recordingId}>
                <td>{formatTime(p.at, 'shortDate')}</td>
                <td>{p.passageTitle ?? 'A passage since removed'}</td>
                <td>{p.wordsCorrectPerMinute}</td>
                <td>{percentText(p.accuracy)}</td>
                <td>{countedByText(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="hint">
        {trend.caveat} Source: {trend.source}
      </p>
    </section>
  );
}
