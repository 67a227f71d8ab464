import { ChildSwitch } from '~/islands/family/ChildSwitch';
import { CalendarFeed } from '~/islands/program/CalendarFeed';
import { WeeklyPlan } from '~/islands/program/WeeklyPlan';
import { ChildReports } from '~/islands/reports/ChildReports';
import { pagePath } from '~/platform/routes';
import type { ProfileChild } from './profileChild';

/** The active child's plan for the week (another child is one click away) and the family's calendar. */
export function PlanTab({ kids, active }: { kids: ProfileChild[]; active: ProfileChild | undefined }) {
  if (!active) {
    return (
      <p>
        Add a child to see their weekly plan. <a href={pagePath('/createProfile')}>Add a child</a>
      </p>
    );
  }
  return (
    <div className="profile-plan">
      {kids.length > 1 && (
        <ChildSwitch
          kids={kids}
          active={Math.max(0, kids.indexOf(active))}
          legend="Whose plan to show"
          layout="row"
        />
      )}
      <WeeklyPlan key={active._id} childId={active._id} />
      <ChildReports key={`reports-${active._id}`} childId={active._id} childName={active.name} />
      <CalendarFeed />
    </div>
  );
}
