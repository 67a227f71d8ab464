import { daysText, minutesText, monthName } from '~/features/reading/chart';
import type { ReadingLog } from '~/features/reading/reading.schema';

/** The log's three cards: minutes this week (and how many entries), this month, and the reading streak. */
export function Totals({ summary }: { summary: ReadingLog['summary'] }) {
  return (
    <section aria-labelledby="rlog-totals">
      <h3 id="rlog-totals" className="sr-only">
        Totals
      </h3>
      <ul className="rlog-cards plain-list">
        <li className="rlog-card">
          <span className="rlog-card-label">This week</span>
          <span className="rlog-card-value">{minutesText(summary.thisWeek.minutes)}</span>
          <span className="rlog-card-note">
            {summary.thisWeek.entries === 1 ? '1 entry' : `${summary.thisWeek.entries} entries`} since Monday
          </span>
        </li>
        <li className="rlog-card">
          <span className="rlog-card-label">This month</span>
          <span className="rlog-card-value">{minutesText(summary.thisMonth.minutes)}</span>
          <span className="rlog-card-note">{monthName(summary.thisMonth.month)}</span>
        </li>
        <li className="rlog-card rlog-card-streak">
          <span className="rlog-card-label">Streak</span>
          <span className="rlog-card-value">{daysText(summary.streak.current)}</span>
          <span className="rlog-card-note">
            {summary.streak.current === 0
              ? 'Read today to start one.'
              : `in a row · longest ${daysText(summary.streak.longest)}`}
          </span>
        </li>
      </ul>
    </section>
  );
}
