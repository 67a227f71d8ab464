import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, users } from '~/platform/db/schema.server';
import { queueEmail } from '~/platform/email/outbox.server';
import { type GuideMessageData, guideMessageEmail } from './emails/guideMessageEmail';

type Message = GuideMessageData extends infer D
  ? D extends GuideMessageData
    ? Omit<D, 'parentName' | 'childFirstName' | 'unsubscribeToken'>
    : never
  : never;

/**
 * Queues a guide's first running record of a recording, or first note about a week, for the child's
 * parent, in the caller's transaction: only if they opted in (and so have an unsubscribe token), once
 * per recording or week whatever saves it again. Answers whether it was queued.
 */
export async function queueGuideMessage(tx: Db, childId: string, key: string, message: Message) {
  const [row] = await tx
    .select({ firstName: children.firstName, parent: users })
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .where(eq(children.id, childId));
  if (!row?.parent.guideEmail || !row.parent.emailToken) return false;
  const { parent } = row;
  return queueEmail(tx, guideMessageEmail, {
    key,
    to: { userId: parent.id, address: parent.email, name: parent.displayName, timeZone: parent.timeZone },
    data: {
      ...message,
      parentName: parent.displayName,
      childFirstName: row.firstName,
      unsubscribeToken: parent.emailToken,
    } as GuideMessageData,
  });
}
