import { and, eq } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import {
  books,
  children,
  guideAssignments,
  guideSwaps,
  readingLogs,
  subscriptions,
} from '~/platform/db/schema.server';
import { conflict, invalid, notFound } from '~/platform/errors';
import type { GuideSwapDto, SwapInput } from './guides.schema';
import type { GuideActor } from './runningRecords.server';

const WEEK_MS = 7 * 86_400_000;

/** The child, if the guide follows them; else 404. */
async function assignedChild(db: Db, guideId: string, childId: string) {
  const [child] = await db
    .select({ id: children.id, name: children.firstName })
    .from(children)
    .innerJoin(guideAssignments, eq(guideAssignments.childId, children.id))
    .where(and(eq(children.id, childId), eq(guideAssignments.guideId, guideId)));
  if (!child) throw notFound('That child');
  return child;
}

/** Whether a program of the child has a week that starts after now: a next plan still to be made. */
export function hasNextWeek(programs: readonly { startsAt: Date; endsAt: Date }[], now: Date): boolean {
  return programs.some(({ startsAt, endsAt }) => {
    if (startsAt > now) return true;
    const next = new Date(
      startsAt.getTime() + (Math.floor((now.getTime() - startsAt.getTime()) / WEEK_MS) + 1) * WEEK_MS,
    );
    return next < endsAt;
  });
}

/** The book chosen: in the catalogue, and not one the child has read (logged). Else 400 on `bookId`. */
async function bookToChoose(db: Db, child: { id: string; name: string }, bookId: string) {
  const [book] = await db.select().from(books).where(eq(books.id, bookId));
  if (!book) throw invalid({ bookId: 'Choose a book from the catalogue.' });
  const [read] = await db
    .select({ id: readingLogs.id })
    .from(readingLogs)
    .where(and(eq(readingLogs.childId, child.id), eq(readingLogs.bookId, bookId)))
    .limit(1);
  if (read)
    throw invalid({ bookId: `${child.name} has already read “${book.title}”: choose a book new to them.` });
  return book;
}

/**
 * The guide's book for the child's next weekly plan, with the reason the family will read: it waits
 * until the plan job makes the next week (which puts it first, in place of its own last pick). One
 * waits per child; choosing again replaces it. Audited.
 */
export async function chooseNextBook(
  db: Db,
  guide: GuideActor,
  childId: string,
  input: SwapInput,
  now = new Date(),
): Promise<GuideSwapDto> {
  const child = await assignedChild(db, guide.id, childId);
  const book = await bookToChoose(db, child, input.bookId);
  const programs = await db
    .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.childId, childId), eq(subscriptions.status, 'active')));
  if (!hasNextWeek(programs, now))
    throw conflict(`${child.name}’s program has no week after this one: there is no next plan to change.`);
  const values = { childId, bookId: book.id, guideId: guide.id, guideName: guide.name, reason: input.reason };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(guideSwaps)
      .values(values)
      .onConflictDoUpdate({ target: guideSwaps.childId, set: { ...values, createdAt: now } })
      .returning();
    await recordAudit(tx, guide.id, 'guide_swap.save', childId, { bookId: book.id });
    if (!row) throw new Error('The swap was not saved');
    return {
      book: { id: book.id, title: book.title, author: book.author },
      reason: row.reason,
      guideName: row.guideName,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Takes back the waiting choice (nothing to take back is fine); audited when there was one. */
export async function cancelNextBook(db: Db, guide: GuideActor, childId: string): Promise<void> {
  await assignedChild(db, guide.id, childId);
  const gone = await db.delete(guideSwaps).where(eq(guideSwaps.childId, childId)).returning();
  if (gone.length > 0) await recordAudit(db, guide.id, 'guide_swap.cancel', childId, {});
}

/** The book waiting for the child's next plan, as the guide's page shows it. */
export async function waitingSwap(db: Db, childId: string): Promise<GuideSwapDto | null> {
  const [row] = await db
    .select({ swap: guideSwaps, book: { id: books.id, title: books.title, author: books.author } })
    .from(guideSwaps)
    .innerJoin(books, eq(books.id, guideSwaps.bookId))
    .where(eq(guideSwaps.childId, childId));
  if (!row) return null;
  return {
    book: row.book,
    reason: row.swap.reason,
    guideName: row.swap.guideName,
    createdAt: row.swap.createdAt.toISOString(),
  };
}
