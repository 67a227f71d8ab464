import { normsPlace } from '~/features/readAloud/fluency';
import type { FluencyTrend } from '~/features/readAloud/readAloud.schema';
import { formatTime } from '~/platform/time';
import { normsText } from './FluencyTrend';
import { useFluencyTrend } from './useFluencyTrend';

/** How today's figure stands against the child's last counted reading and their best so far. */
function againstEarlier(points: FluencyTrend['points'], today: number, childName: string): string {
  const last = points.at(-1);
  if (!last) return `This is ${childName}’s first counted reading: the next ones will be set beside it.`;
  const change = today - last.wordsCorrectPerMinute;
  const how = change === 0 ? 'the same as' : `${Math.abs(change)} ${change > 0 ? 'more than' : 'fewer than'}`;
  const title = last.passageTitle ? `, “${last.passageTitle}”` : '';
  const best = Math.max(...points.map((p) => p.wordsCorrectPerMinute));
  const bestText =
    points.length > 1
      ? ` ${childName}’s best so far: ${best}${today > best ? ', and today beats it' : ''}.`
      : '';
  return `Last time (${formatTime(last.at, 'shortDate')}${title}): ${last.wordsCorrectPerMinute} words correct a minute. Today: ${today}, ${how} last time.${bestText}`;
}

/** Where today's figure sits against the norms for the child's grade and season, or why there are none. */
function againstNorms(trend: FluencyTrend, today: number): string {
  if (!trend.norms || trend.grade === null) return normsText(trend, 'so today’s figure stands alone');
  return `${normsText(trend)} Today’s ${today} is ${normsPlace(today, trend.norms)}. The norms are for a passage read for the first time; a passage read before gives a higher figure.`;
}

/**
 * The reading just heard beside the child's earlier counted readings (loaded once, before this one
 * is saved) and the oral reading fluency norms for their grade and the season.
 */
export function HeardComparison({
  childId,
  childName,
  wordsCorrectPerMinute,
}: {
  childId: string;
  childName: string;
  wordsCorrectPerMinute: number;
}) {
  const trend = useFluencyTrend(childId);
  if (!trend) return null;
  return (
    <section className="ra-compare" aria-labelledby="ra-compare-title">
      <h3 id="ra-compare-title">Compared with earlier readings</h3>
      <p>{againstEarlier(trend.points, wordsCorrectPerMinute, childName)}</p>
      <p>{againstNorms(trend, wordsCorrectPerMinute)}</p>
    </section>
  );
}
