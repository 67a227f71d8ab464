import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';
import type { EmailList } from './emailPreferences.api';

/** What the parent chose to get by email beyond the transactional messages (none unless they opt in). */
export interface EmailPreferences {
  weeklyPlans: boolean;
  guideMessages: boolean;
}

/** Each optional list's column. */
const COLUMN = { 'weekly-plans': 'weeklyPlanEmail', guide: 'guideEmail' } as const;

export async function emailPreferencesOf(db: Pick<Db, 'select'>, userId: string): Promise<EmailPreferences> {
  const [row] = await db
    .select({ weekly: users.weeklyPlanEmail, guide: users.guideEmail })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('Your account');
  return { weeklyPlans: row.weekly, guideMessages: row.guide };
}

/**
 * The parent's choices, kept (a choice left out stays as it was). Opting in gives the account its
 * unsubscribe token (random, kept until the account goes), so every message they opted into carries
 * a one-click way out.
 */
export async function setEmailPreferences(
  db: Db,
  userId: string,
  chosen: { [K in keyof EmailPreferences]?: boolean | undefined },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: users.emailToken })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw notFound('Your account');
    const optingIn = chosen.weeklyPlans === true || chosen.guideMessages === true;
    await tx
      .update(users)
      .set({
        ...(chosen.weeklyPlans !== undefined ? { weeklyPlanEmail: chosen.weeklyPlans } : {}),
        ...(chosen.guideMessages !== undefined ? { guideEmail: chosen.guideMessages } : {}),
        ...(optingIn && !row.token ? { emailToken: randomBytes(24).toString('base64url') } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
  return emailPreferencesOf(db, userId);
}

/**
 * One click from a message: no more of that list's messages (the weekly plans unless the link names
 * another). An unknown token is "not found".
 */
export async function unsubscribeByToken(db: Db, token: string, list: EmailList) {
  const done = await db
    .update(users)
    .set({ [COLUMN[list]]: false, updatedAt: new Date() })
    .where(eq(users.emailToken, token))
    .returning({ id: users.id });
  if (done.length === 0) throw notFound('That unsubscribe link');
}
