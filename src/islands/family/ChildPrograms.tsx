import type { ReactNode } from 'react';
import type { ChildProgramDto } from '~/features/family/children.schema';
import { formatTime } from '~/platform/time';
import './ChildPrograms.css';

/**
 * A child's programs as a family or the team reads them: the one running now first, then each
 * queued one marked as queued with its dates, so a program bought later never hides the current one.
 */
export function ChildPrograms({
  programs,
  none,
}: {
  programs: { subscription: ChildProgramDto | null; queued: ChildProgramDto[] };
  /** What to say when there is neither. */
  none: ReactNode;
}) {
  const { subscription: current, queued } = programs;
  if (!current && queued.length === 0) return <>{none}</>;
  return (
    <span className="child-programs">
      {current && (
        <span className="child-program">
          {current.planName}, until {formatTime(current.endsAt, 'shortDate')}
        </span>
      )}
      {queued.map((program) => (
        <span key={`${program.planName}-${program.startsAt}`} className="child-program child-program-queued">
          <span className="child-program-tag">Queued</span> {program.planName}, starts{' '}
          {formatTime(program.startsAt, 'shortDate')}, until {formatTime(program.endsAt, 'shortDate')}
        </span>
      ))}
    </span>
  );
}
