import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';

/** What the parent chose to get by email beyond the transactional messages (none unless they opt in). */
export interface EmailPreferences {
  weeklyPlans: boolean;
}

export async function emailPreferencesOf(db: Pick<Db, 'select'>, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select({ weekly: users.weeklyPlanEmail }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Your account');
  return { weeklyPlans: row.weekly };
}

/**
 * The parent's choice, kept. Opting in gives the account its unsubscribe token (random, kept until
 * the account goes), so every message they opted into carries a one-click way out.
 */
export async function setEmailPreferences(db: Db, userId: string, chosen: EmailPreferences) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: users.emailToken })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw notFound('Your account');
    await tx
      .update(users)
      .set({
        weeklyPlanEmail: chosen.weeklyPlans,
        ...(chosen.weeklyPlans && !row.token ? { emailToken: randomBytes(24).toString('base64url') } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
  return emailPreferencesOf(db, userId);
}

/** One click from a message: no more weekly plans by email. An unknown token is "not found". */
export async function unsubscribeByToken(db: Db, token: string) {
  const done = await db
    .update(users)
    .set({ weeklyPlanEmail: false, updatedAt: new Date() })
    .where(eq(users.emailToken, token))
    .returning({ id: users.id });
  if (done.length === 0) throw notFound('That unsubscribe link');
}
