import { eq, inArray, sql } from 'drizzle-orm';
import { familyReports } from '~/features/reports/reports.server';
import type { Db } from '~/platform/db/client.server';
import {
  blogs,
  calendarFeeds,
  children,
  emails,
  eventRegistrations,
  events,
  guideNotes,
  inquiries,
  interviewBookings,
  notifications,
  orders,
  readingLogs,
  recordingHeard,
  recordingScores,
  recordings,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { UserRow } from '~/platform/identity/accounts.server';
import { currentGrade } from './children.server';
import { contactMessagesOf } from './family.server';

type ChildRow = typeof children.$inferSelect;

/**
 * Everything the product keeps about the family, as one JSON document (the privacy policy's
 * promise). `provenEmail`: the address the sign-in proves is the parent's (provenEmailOf), if any.
 */
export async function exportFamily(db: Db, user: UserRow, { provenEmail }: { provenEmail: string | null }) {
  const kids = await db
    .select()
    .from(children)
    .where(eq(children.userId, user.id))
    .orderBy(children.createdAt);
  const ids = kids.map((c) => c.id);
  const [ofChildren, ofFamily, reports] = await Promise.all([
    childrenRecords(db, ids),
    familyRecords(db, user, provenEmail),
    familyReports(db, user.id),
  ]);
  const { familyOrders, posts, messages, bookings, feed, mail } = ofFamily;
  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Quill Reads keeps about your family. Read-aloud recordings and progress reports are listed here; download each recording from the profile page, and each report’s PDF from its page.',
    account: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      timeZone: user.timeZone,
      emailPreferences: { weeklyPlans: user.weeklyPlanEmail, guideMessages: user.guideEmail },
      privacyConsentAt: user.privacyConsentAt.toISOString(),
      createdAt: user.createdAt.toISOString(),
    },
    children: kids.map((c) => childExport(c, ofChildren)),
    // Who in the team closed an order is the team's record; why it was closed is the family's to read.
    orders: familyOrders.map(({ closedBy: _by, ...order }) => order),
    blogPosts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      contentHtml: p.contentHtml,
      createdAt: p.createdAt,
      publishedAt: p.publishedAt,
    })),
    ...(provenEmail
      ? {}
      : {
          contactMessagesNote:
            'Messages sent through the contact form are linked to your account only when your sign-in has confirmed your email address (signing in with Google does). Write to us through the contact page and we will send you yours.',
        }),
    contactMessages: messages.map((m) => ({
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt,
    })),
    interviewBookings: bookings,
    // Each report's figures; its PDF (and certificate) download from the report's page.
    progressReports: reports,
    // The messages we sent (or are about to send) the family: receipts and confirmations.
    emails: mail,
    // The address itself is a secret that works without signing in: the export says only that one exists.
    calendarSubscription: feed[0] ? { createdAt: feed[0].createdAt } : null,
  };
}

/** What the family's children did: reading, read-alouds, notifications, events, programs, plans. */
async function childrenRecords(db: Db, ids: string[]) {
  const ofChildren = <T>(query: (ids: string[]) => Promise<T[]>) =>
    ids.length ? query(ids) : Promise.resolve([]);
  const [logs, attempts, notes, registrations, subs, weekPlans] = await Promise.all([
    ofChildren((ids) => db.select().from(readingLogs).where(inArray(readingLogs.childId, ids))),
    ofChildren((ids) =>
      db
        .select({
          recording: recordings,
          childId: recordings.childId,
          // A reading guide's running record of the attempt: their marks, rating and note.
          runningRecord: recordingScores,
          heard: recordingHeard,
        })
        .from(recordings)
        .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
        .leftJoin(recordingHeard, eq(recordingHeard.recordingId, recordings.id))
        .where(inArray(recordings.childId, ids)),
    ),
    ofChildren((ids) => db.select().from(notifications).where(inArray(notifications.childId, ids))),
    ofChildren((ids) =>
      db
        .select({
          childId: eventRegistrations.childId,
          eventId: eventRegistrations.eventId,
          event: events.title,
          startsAt: events.startsAt,
          registeredAt: eventRegistrations.createdAt,
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(inArray(eventRegistrations.childId, ids)),
    ),
    ofChildren((ids) => db.select().from(subscriptions).where(inArray(subscriptions.childId, ids))),
    ofChildren((ids) =>
      db
        .select({
          childId: weeklyPlans.childId,
          weekIndex: weeklyPlans.weekIndex,
          startsAt: weeklyPlans.startsAt,
          endsAt: weeklyPlans.endsAt,
          readingLevel: weeklyPlans.readingLevel,
          goalMinutes: weeklyPlans.goalMinutes,
          sessionMinutes: weeklyPlans.sessionMinutes,
          books: sql<{ title: string; author: string }[]>`coalesce((
              select json_agg(json_build_object('title', b.title, 'author', b.author) order by b.position)
              from ${weeklyPlanBooks} b where b.plan_id = ${weeklyPlans.id}), '[]'::json)`,
          // The reading guide's note about the week, if they wrote one.
          guideNote: sql<{ guideName: string; body: string } | null>`(
              select json_build_object('guideName', n.guide_name, 'body', n.body, 'updatedAt', n.updated_at)
              from ${guideNotes} n where n.plan_id = ${weeklyPlans.id})`,
        })
        .from(weeklyPlans)
        .where(inArray(weeklyPlans.childId, ids))
        .orderBy(weeklyPlans.startsAt),
    ),
  ]);
  return { logs, attempts, notes, registrations, subs, weekPlans };
}

/** What the parent's account holds: orders, posts, contact messages, interviews, the calendar feed. */
async function familyRecords(db: Db, user: UserRow, provenEmail: string | null) {
  const [familyOrders, posts, messages, bookings, feed, mail] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, user.id)),
    db.select().from(blogs).where(eq(blogs.authorId, user.id)),
    db.select().from(inquiries).where(contactMessagesOf(provenEmail)),
    db.select().from(interviewBookings).where(eq(interviewBookings.userId, user.id)),
    db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, user.id)),
    db
      .select({
        to: emails.toAddress,
        subject: emails.subject,
        status: emails.status,
        sentAt: emails.sentAt,
        createdAt: emails.createdAt,
      })
      .from(emails)
      .where(eq(emails.userId, user.id))
      .orderBy(emails.createdAt),
  ]);
  return { familyOrders, posts, messages, bookings, feed, mail };
}

/** One child in the export, with their own records. */
function childExport(c: ChildRow, records: Awaited<ReturnType<typeof childrenRecords>>) {
  const byChild = <T extends { childId: string }>(rows: T[]) =>
    rows.filter((r) => r.childId === c.id).map(({ childId: _c, ...rest }) => rest);
  return {
    id: c.id,
    firstName: c.firstName,
    birthYear: c.birthYear,
    schoolGrade: currentGrade(c),
    ageBand: c.ageBand,
    readingLevel: c.readingLevel,
    interests: c.interests,
    placement: c.placementBasis ? { basis: c.placementBasis, placedAt: c.placedAt?.toISOString() } : null,
    createdAt: c.createdAt.toISOString(),
    readingLog: byChild(records.logs),
    readAloudAttempts: byChild(records.attempts).map(({ recording, runningRecord, heard }) => {
      const { audioPath, childId: _c, ...attempt } = recording;
      const { recordingId: _r, childId: _rc, guideId: _g, ...record } = runningRecord ?? {};
      const { recordingId: _h, ...listened } = heard ?? {};
      return {
        ...attempt,
        hasRecording: Boolean(audioPath),
        heardOnDevice: heard ? listened : null,
        runningRecord: runningRecord ? record : null,
      };
    }),
    notifications: byChild(records.notes),
    eventRegistrations: byChild(records.registrations),
    subscriptions: byChild(records.subs),
    weeklyPlans: byChild(records.weekPlans),
  };
}
