import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { FluencyTrend as Trend } from '~/features/readAloud/readAloud.schema';
import { percentText } from '~/features/readAloud/runningRecord';
import { call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { formatTime } from '~/platform/time';
import { TrendChart } from './TrendChart';

const SEASON_WORDS = { fall: 'autumn', winter: 'winter', spring: 'spring' } as const;

/** The norms as a sentence, or why there are none for this child. */
function normsText(trend: Trend): string {
  if (!trend.norms || trend.grade === null)
    return 'There are no published norms for this age and season, so the chart shows the figures alone.';
  const { p25, p50, p75 } = trend.norms;
  return `For grade ${trend.grade}${trend.gradeEstimated ? ' (worked out from the age you gave: add the school grade to the child’s profile to be exact)' : ''} in ${SEASON_WORDS[trend.season]}, half of children read ${p50} words correct a minute or more; a quarter ${p75} or more, and three quarters ${p25} or more.`;
}

/**
 * Words correct per minute across the recordings the child's reading guide marked, placed against
 * the published norms for the child's grade and the season, with the norms' caveat said plainly.
 * Shown once there is at least one marked recording; `version` reloads it with the list.
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
  const authReady = useStore($authReady);
  const [trend, setTrend] = useState<Trend | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how the list asks for a reload.
  useEffect(() => {
    if (!authReady) return;
    const controller = new AbortController();
    call(readAloudApi.fluency, { params: { id: childId }, signal: controller.signal })
      .then(setTrend)
      // The chart is extra: without it, the scores beside each attempt still say it all.
      .catch(() => {});
    return () => controller.abort();
  }, [authReady, childId, version]);
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
      <details className="ra-trend-table">
        <summary>The figures as a table</summary>
        <table>
          <caption className="sr-only">{childName}’s marked readings</caption>
          <thead>
            <tr>
              <th scope="col">Read on</th>
              <th scope="col">Passage</th>
              <th scope="col">Words correct a minute</th>
              <th scope="col">Words right</th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((p) => (
              <tr key={p.recordingId}>
                <td>{formatTime(p.at, 'shortDate')}</td>
                <td>{p.passageTitle ?? 'A passage since removed'}</td>
                <td>{p.wordsCorrectPerMinute}</td>
                <td>{percentText(p.accuracy)}</td>
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
