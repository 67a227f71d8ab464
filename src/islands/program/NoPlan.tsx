import type { ChildPlanDto } from '~/features/program/program.schema';
import { pagePath } from '~/platform/routes';
import { WaitLine } from '../shared/Spinner';
import { longDate } from './planDates';

/** Why there is no plan to show this week: being made, late, the program not started, or no program. */
export function NoPlan({ view }: { view: ChildPlanDto }) {
  switch (view.state) {
    case 'preparing':
      return (
        <div className="plan-empty" role="status">
          <WaitLine>
            {view.childName}’s plan for this week is being made: books for their level and interests, a goal
            and daily sessions. It appears here in a moment.
          </WaitLine>
        </div>
      );
    case 'delayed':
      return (
        <p className="plan-empty" role="status">
          {view.childName}’s plan for this week is taking longer than usual. Our team sees late plans in its
          console and will make it: come back in a little while.
        </p>
      );
    case 'upcoming':
      return (
        <p className="plan-empty">
          {view.childName}’s program starts on{' '}
          {view.programStartsOn ? longDate(view.programStartsOn) : 'its first day'}. The first weekly plan
          appears here that day.
        </p>
      );
    default:
      return (
        <p className="plan-empty">
          Weekly plans come with a program: each week, three to five books chosen for {view.childName}, a
          reading goal and short daily sessions. <a href={pagePath('/programs')}>Choose a program</a>
        </p>
      );
  }
}
