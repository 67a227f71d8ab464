import { and, asc, eq, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { recordAudit } from '~/platform/admin/audit.server';
import { type Db, queryRows } from '~/platform/db/client.server';
import { children, guideAssignments, guides, subscriptions, users } from '~/platform/db/schema.server';
import { conflict, invalid, notFound } from '~/platform/errors';
import { pagePath } from '~/platform/routes';
import type { AdminGuide, AdminGuides } from './guides.schema';

/**
 * The team's side of reading guides: every guide with their load against their capacity, the
 * children nobody follows yet, and the assignments themselves (each one in the audit log).
 */

/** The guides (all, or the one named), by name, each with how many children they follow now. */
async function guideRows(db: Db, guideId?: string): Promise<AdminGuide[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.displayName,
      email: users.email,
      disabled: users.disabled,
      capacity: guides.capacity,
      load: sql<number>`(select count(*)::int from guide_assignments ga where ga.guide_id = ${guides.userId})`,
    })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(guideId ? eq(guides.userId, guideId) : undefined)
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id));
  return rows.map((r) => ({ ...r, load: Number(r.load) }));
}

/** Every reading guide with their load, and how many enrolled children no guide follows. */
export async function listGuides(db: Db): Promise<AdminGuides> {
  const [rows, [unassigned]] = await Promise.all([
    guideRows(db),
    queryRows<{ n: number }>(
      db,
      sql`select count(distinct s.child_id)::int as n from subscriptions s
           where s.status = 'active' and s.ends_at > now()
             and not exists (select 1 from guide_assignments ga where ga.child_id = s.child_id)`,
    ),
  ]);
  return { guides: rows, unassigned: Number(unassigned?.n ?? 0) };
}

/** A guide's capacity; never below the children they follow now (unassign some first). */
export async function setCapacity(
  db: Db,
  actorId: string,
  guideId: string,
  capacity: number,
): Promise<AdminGuide> {
  return db.transaction(async (tx) => {
    const [guide] = await tx.select().from(guides).where(eq(guides.userId, guideId)).for('update');
    if (!guide) throw notFound('That guide');
    const load = await loadOf(tx, guideId);
    if (capacity < load) {
      const message = `This guide follows ${load} children now: assign some to another guide first.`;
      throw conflict(message, 'conflict', { capacity: message });
    }
    await tx.update(guides).set({ capacity, updatedAt: sql`now()` }).where(eq(guides.userId, guideId));
    await recordAudit(tx, actorId, 'guide.capacity', guideId, { from: guide.capacity, to: capacity });
    const [found] = await guideRows(tx, guideId);
    if (!found) throw notFound('That guide');
    return found;
  });
}

async function loadOf(tx: Db, guideId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(guideAssignments)
    .where(eq(guideAssignments.guideId, guideId));
  return Number(row?.n ?? 0);
}

/**
 * Gives a child a guide, moves them to another, or (null) leaves them without one. Only a child
 * who has been in a program can be assigned; the guide must be an enabled guide with room. The
 * guide's row is locked first, so two assignments at the same moment never pass their capacity.
 * The family is told who their child's guide is.
 */
export async function assignGuide(
  db: Db,
  actorId: string,
  childId: string,
  guideId: string | null,
): Promise<{ guide: { id: string; name: string } | null }> {
  return db.transaction(async (tx) => {
    const [child] = await tx
      .select({ id: children.id, name: children.firstName })
      .from(children)
      .where(
        and(
          eq(children.id, childId),
          sql`exists (select 1 from ${subscriptions} s where s.child_id = ${children.id})`,
        ),
      );
    if (!child) throw notFound('That child');
    const [current] = await tx.select().from(guideAssignments).where(eq(guideAssignments.childId, childId));
    if (guideId === null) {
      if (current) {
        await tx.delete(guideAssignments).where(eq(guideAssignments.childId, childId));
        await recordAudit(tx, actorId, 'guide.unassign', childId, { guideId: current.guideId });
      }
      return { guide: null };
    }
    const guide = await lockGuide(tx, guideId);
    if (current?.guideId === guideId) return { guide: { id: guide.id, name: guide.name } };
    if ((await loadOf(tx, guideId)) >= guide.capacity) {
      const message = `${guide.name} already follows ${guide.capacity} children, their capacity. Raise it, or choose another guide.`;
      throw conflict(message, 'conflict', { guideId: message });
    }
    await tx
      .insert(guideAssignments)
      .values({ childId, guideId })
      .onConflictDoUpdate({ target: guideAssignments.childId, set: { guideId, assignedAt: sql`now()` } });
    await recordAudit(tx, actorId, 'guide.assign', childId, { guideId, from: current?.guideId ?? null });
    await notifyChild(tx, childId, {
      kind: 'guide',
      title: `${guide.name} is ${child.name}’s reading guide`,
      body: `${guide.name} will listen to ${child.name}’s read-aloud recordings, mark them and write to you each week.`,
      link: pagePath('/profile'),
    });
    return { guide: { id: guide.id, name: guide.name } };
  });
}

/** The guide an assignment names, locked: an enabled account with the guide role, or 400 on the field. */
async function lockGuide(tx: Db, guideId: string) {
  const [guide] = await tx
    .select({ id: users.id, name: users.displayName, disabled: users.disabled, capacity: guides.capacity })
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .where(eq(guides.userId, guideId))
    .for('update', { of: guides });
  if (!guide) throw invalid({ guideId: 'Choose a reading guide from the list.' });
  if (guide.disabled) throw invalid({ guideId: 'This guide’s account is disabled: choose another guide.' });
  return guide;
}
