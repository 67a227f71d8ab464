import { and, eq, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { children, guideAssignments, guideNotes, weeklyPlans } from '~/platform/db/schema.server';
import { conflict, notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import { pagePath } from '~/platform/routes';
import { queueGuideMessage } from './guideEmails.server';
import type { GuideNote, NoteInput } from './guides.schema';
import type { GuideActor } from './runningRecords.server';
import { saveVersion } from './versionedSave';

type NoteRow = typeof guideNotes.$inferSelect;

const noteDto = (row: NoteRow): GuideNote => ({
  planId: row.planId,
  body: row.body,
  guideName: row.guideName,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** A week of a child the guide follows, whose plan has started; else 404 (another child's, none). */
async function weekForGuide(db: Db, guideId: string, childId: string, planId: string) {
  const [row] = await db
    .select({ plan: weeklyPlans, childName: children.firstName })
    .from(weeklyPlans)
    .innerJoin(children, eq(children.id, weeklyPlans.childId))
    .innerJoin(guideAssignments, eq(guideAssignments.childId, weeklyPlans.childId))
    .where(
      and(
        eq(weeklyPlans.id, planId),
        eq(weeklyPlans.childId, childId),
        eq(guideAssignments.guideId, guideId),
        sql`${weeklyPlans.startsAt} <= now()`,
      ),
    )
    .limit(1);
  if (!row) throw notFound('That week');
  return row;
}

const stale = () =>
  conflict(
    'Someone saved a note for this week since you opened it. Reload to read theirs, then make your changes again.',
    'conflict',
    { version: 'This note was changed since you opened it.' },
  );

/** The first note (version 0 in), or the next version of the one the guide opened; else 409. */
async function writeNote(tx: Db, values: typeof guideNotes.$inferInsert, version: number): Promise<NoteRow> {
  return saveVersion(
    version,
    {
      first: () => tx.insert(guideNotes).values(values).onConflictDoNothing().returning(),
      over: () =>
        tx
          .update(guideNotes)
          .set({ ...values, version: sql`${guideNotes.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(guideNotes.planId, values.planId), eq(guideNotes.version, version)))
          .returning(),
    },
    stale,
  );
}

/**
 * Saves the guide's note to the family about one week of the child's plan. Of two saves made from
 * the same version, one wins and the other is refused (409). The family is told of a first note;
 * every save is in the audit log.
 */
export async function saveWeeklyNote(
  db: Db,
  guide: GuideActor,
  target: { childId: string; planId: string },
  input: NoteInput,
): Promise<GuideNote> {
  const { plan, childName } = await weekForGuide(db, guide.id, target.childId, target.planId);
  const values = {
    planId: plan.id,
    childId: plan.childId,
    guideId: guide.id,
    guideName: guide.name,
    body: input.body,
  };
  return db
    .transaction(async (tx) => {
      const saved = await writeNote(tx, values, input.version);
      await recordAudit(tx, guide.id, 'guide_note.save', plan.id, {
        childId: plan.childId,
        version: saved.version,
      });
      if (saved.version === 1) {
        await notifyChild(tx, plan.childId, {
          kind: 'guide_note',
          title: `${guide.name} wrote about ${childName}’s week ${plan.weekIndex + 1}`,
          body: input.body.length > 160 ? `${input.body.slice(0, 157)}…` : input.body,
          link: pagePath('/reading-plan/{id}', plan.childId),
        });
        await queueGuideMessage(tx, plan.childId, `note:${plan.id}`, {
          kind: 'note',
          guideName: guide.name,
          childId: plan.childId,
          weekNumber: plan.weekIndex + 1,
          note: input.body,
        });
      }
      return noteDto(saved);
    })
    .finally(() => nudge('email'));
}
