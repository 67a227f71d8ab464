import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { utcDay } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { children, guideAssignments, plans, subscriptions, users } from '~/platform/db/schema.server';
import type { AgeBand, PlacementBasis, ReadingLevel } from '~/platform/domain';
import { notFound } from '~/platform/errors';
import type { EnrolmentDetail, EnrolmentProgram } from './adminEnrolments.schema';
import { type EnrolmentScope, scopeCondition, TEAM_SCOPE } from './adminEnrolments.server';
import { type PlanOfProgram, planDetails } from './planDetails.server';
import { missedWeek, programProgress, type WeekReading } from './progress';

/** The guide's own account row, beside the family's in one select. */
const guideUser = alias(users, 'guide_user');

interface ProgramRow {
  id: string;
  planId: string;
  programName: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
}

const readingOf = ({ startsAt, endsAt, plan }: PlanOfProgram): WeekReading => ({
  weekIndex: plan.weekIndex,
  startsAt,
  endsAt,
  goalMinutes: plan.goalMinutes,
  minutesRead: plan.minutesRead,
});

/** One program of the child, its weeks as the family reads them, each marked under way or missed. */
function programOf(program: ProgramRow, weeks: readonly PlanOfProgram[], now: Date): EnrolmentProgram {
  const progress = programProgress(program, weeks.map(readingOf), now);
  return {
    id: program.id,
    planId: program.planId,
    programName: program.programName,
    state: progress.state,
    startsOn: utcDay(program.startsAt),
    endsOn: utcDay(new Date(program.endsAt.getTime() - 1)),
    week: progress.week,
    weeks: progress.weeks,
    missedWeeks: progress.missedWeeks,
    behind: progress.behind,
    plans: weeks.map((week) => ({
      ...week.plan,
      underWay: week.startsAt <= now && now < week.endsAt,
      missed: missedWeek(readingOf(week), now),
    })),
  };
}

/**
 * Everything the team reads about one child's programs: the child (interests, level, placement),
 * the family, and every program the child was ever enrolled in, the latest first, each with all
 * its weekly plans. Read-only. A child outside the scope, or none, is not found.
 */
export async function enrolmentDetail(
  db: Db,
  childId: string,
  { scope = TEAM_SCOPE, now = new Date() }: { scope?: EnrolmentScope; now?: Date } = {},
): Promise<EnrolmentDetail> {
  const [found] = await db
    .select({
      child: children,
      family: { userId: users.id, displayName: users.displayName, email: users.email },
      guideId: guideAssignments.guideId,
      guideName: guideUser.displayName,
    })
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .leftJoin(guideAssignments, eq(guideAssignments.childId, children.id))
    .leftJoin(guideUser, eq(guideUser.id, guideAssignments.guideId))
    .where(and(eq(children.id, childId), scopeCondition(scope, children.id)))
    .limit(1);
  if (!found) throw notFound('That child');
  const { child, family, guideId, guideName } = found;
  const [programs, weeks] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        planId: subscriptions.planId,
        programName: plans.name,
        status: subscriptions.status,
        startsAt: subscriptions.startsAt,
        endsAt: subscriptions.endsAt,
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.childId, child.id))
      .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id)),
    planDetails(db, child, { all: true }),
  ]);
  return {
    child: {
      id: child.id,
      name: child.firstName,
      birthYear: child.birthYear,
      ageBand: child.ageBand as AgeBand | null,
      readingLevel: child.readingLevel as ReadingLevel,
      interests: child.interests,
      placement:
        child.placementBasis && child.placedAt
          ? { basis: child.placementBasis as PlacementBasis, placedOn: utcDay(child.placedAt) }
          : null,
    },
    family,
    guide: guideId && guideName ? { id: guideId, name: guideName } : null,
    programs: programs.map((program) =>
      programOf(
        program,
        weeks.filter((w) => w.subscriptionId === program.id),
        now,
      ),
    ),
  };
}
