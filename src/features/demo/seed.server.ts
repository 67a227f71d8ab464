import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { preparePost } from '~/features/blogs/blogs.server';
import { passageWordCount } from '~/features/readAloud/readAloud';
import { makeDueReports } from '~/features/reports/reportJobs.server';
import { type Db, queryRows, type Tx } from '~/platform/db/client.server';
import {
  blogs,
  books,
  children,
  events,
  notifications,
  passages,
  plans,
  podcastEpisodes,
  readingLogs,
  readingMilestones,
  users,
} from '~/platform/db/schema.server';
import { pagePath } from '~/platform/routes';
import { getStorage } from '~/platform/storage/index.server';
import type { Storage } from '~/platform/storage/storage';
import { DEMO_ACCOUNTS } from './demoAccounts';
import {
  at,
  BLOGS,
  BOOKS,
  DEMO_BEHIND_READER,
  DEMO_CHILDREN,
  EPISODES,
  PASSAGES,
  PLANS,
  UNPUBLISHED_BLOGS,
} from './demoContent';
import { demoEvents } from './demoEvents';
import { seedDemoGuide, seedDemoWeekNote } from './demoGuide.server';
import { seedDemoPortfolio } from './demoPortfolio.server';
import { enrolDemoReader, enrolInDemoProgram, seedTheoFinishedProgram } from './demoPrograms.server';
import { seedDemoReaders } from './demoReaders.server';

/** True when the database already holds anything a person made: seeding never touches it then. */
async function databaseHasData(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists(select 1 from users) or exists(select 1 from plans) or exists(select 1 from blogs)
      or exists(select 1 from books) or exists(select 1 from events) as any`,
  );
  return row?.any === true;
}

const EPISODE_AUDIO = new URL('./media/podcast/', import.meta.url);

/** Copies the demo episodes' audio into storage; answers the rows to insert, with real sizes. */
async function episodesWithAudio(storage: Storage) {
  return Promise.all(
    EPISODES.map(async ({ audioFile, ...episode }) => {
      const stored = await storage.put(
        `podcast/${audioFile}`,
        await readFile(new URL(audioFile, EPISODE_AUDIO)),
      );
      return {
        ...episode,
        audioPath: stored.key,
        audioBytes: stored.size,
        audioType: stored.contentType,
        createdAt: episode.publishedAt,
        updatedAt: episode.publishedAt,
      };
    }),
  );
}

/**
 * Fills an empty database with demo content, the two demo accounts' rows and the demo reader
 * families, and puts the demo podcast audio into storage. Answers false, changing nothing, when
 * the database already holds data.
 */
export async function seedDemo(db: Db, storage: Storage = getStorage()): Promise<boolean> {
  if (await databaseHasData(db)) return false;
  const episodes = await episodesWithAudio(storage);
  let mayaId: string | undefined;
  await db.transaction(async (tx) => {
    const { admin, parent } = await seedDemoAccounts(tx);
    const kids = await tx
      .insert(children)
      .values(DEMO_CHILDREN.map((c) => ({ ...c, interests: [...c.interests], userId: parent.id })))
      .returning();

    const planRows = await tx.insert(plans).values(PLANS).returning();
    // Maya is two days into a monthly program, paid in the sandbox: her first weekly plan is made
    // right after this transaction (with the demo guide's note on it), so the profile shows it at once.
    const monthly = planRows.find((p) => p.name === 'Rated Reads Monthly');
    const enrolled = kids.find((k) => k.firstName === 'Maya');
    if (monthly && enrolled) await enrolInDemoProgram(tx, enrolled, monthly, at(-2, 9), 'demo-order-maya');
    const bookRows = await tx
      .insert(books)
      .values(BOOKS.map((b) => ({ ...b, topics: [...b.topics] })))
      .returning();
    await tx.insert(passages).values(PASSAGES.map((p) => ({ ...p, wordCount: passageWordCount(p.text) })));
    await tx.insert(events).values(demoEvents());
    await tx.insert(podcastEpisodes).values(episodes);
    await seedDemoBlogs(tx, admin.id, parent.id, kids[0]?.id ?? null);
    await seedFamilyReading(tx, kids, bookRows);
    await seedDemoReaders(tx, bookRows);
    // A demo reader five days into the same program, far short of the week's goal: the console's
    // "Enrolled children" has a child behind on the plan to show (once the job has made the plan).
    if (monthly) await enrolDemoReader(tx, DEMO_BEHIND_READER, monthly, at(-5, 9));
    // The demo reading guide follows Maya and that reader, with Maya's recordings to hear.
    if (enrolled) await seedDemoGuide(tx, storage, enrolled);
    // Maya's voice portfolio: two readings four weeks apart, the next one open today.
    if (enrolled) await seedDemoPortfolio(tx, enrolled.id);
    mayaId = enrolled?.id;
    // Theo finished a shorter program a week ago: its report and certificate are ready below.
    const condensed = planRows.find((p) => p.name === 'A-Bridged Condensed Program');
    const theo = kids.find((k) => k.firstName === 'Theo');
    if (condensed && theo) await seedTheoFinishedProgram(tx, theo, condensed);
  });
  if (mayaId) await seedDemoWeekNote(db, mayaId);
  await makeDueReports(db, storage, new Date());
  return true;
}

/** The demo administrator's and parent's rows (their sign-ins are the emulator's or the identity service's). */
async function seedDemoAccounts(tx: Tx) {
  const [admin] = await tx
    .insert(users)
    .values({
      firebaseUid: DEMO_ACCOUNTS.admin.uid,
      email: DEMO_ACCOUNTS.admin.email,
      displayName: DEMO_ACCOUNTS.admin.displayName,
      role: 'admin',
      privacyConsentAt: new Date(),
    })
    .returning();
  const [parent] = await tx
    .insert(users)
    .values({
      firebaseUid: DEMO_ACCOUNTS.parent.uid,
      email: DEMO_ACCOUNTS.parent.email,
      displayName: DEMO_ACCOUNTS.parent.displayName,
      role: 'parent',
      privacyConsentAt: new Date(),
    })
    .returning();
  if (!admin || !parent) throw new Error('demo accounts were not created');
  return { admin, parent };
}

/** The published posts (the third one the demo family's), and the family's drafts and returned posts. */
async function seedDemoBlogs(tx: Tx, adminId: string, parentId: string, childId: string | null) {
  await tx.insert(blogs).values(
    BLOGS.map((b, i) => ({
      title: b.title,
      authorName: b.authorName,
      ...preparePost(b),
      status: 'approved' as const,
      authorId: i === 2 ? parentId : adminId,
      childId: i === 2 ? childId : null,
      reviewerId: adminId,
      submittedAt: at(-b.publishedDaysAgo - 1, 9),
      reviewedAt: at(-b.publishedDaysAgo, 9),
      publishedAt: at(-b.publishedDaysAgo, 9),
      // The content's own dates, not the moment the demo was loaded (the sitemap and dateModified read them).
      createdAt: at(-b.publishedDaysAgo - 2, 20),
      updatedAt: at(-b.publishedDaysAgo, 9),
    })),
  );
  await tx.insert(blogs).values(
    UNPUBLISHED_BLOGS.map((b) => ({
      title: b.title,
      authorName: b.authorName,
      ...preparePost(b),
      status: b.status,
      authorId: parentId,
      childId,
      submittedAt: b.status === 'draft' ? null : at(-b.daysAgo, 20),
      ...(b.status === 'rejected'
        ? {
            reviewerId: adminId,
            reviewedAt: at(-b.daysAgo + 1, 9),
            reviewNote: 'reviewNote' in b ? b.reviewNote : null,
          }
        : {}),
      createdAt: at(-b.daysAgo - 1, 20),
      updatedAt: at(-b.daysAgo, 20),
    })),
  );
}

type BookRow = { id: string; title: string; author: string };
/** A rated read: the book's title, how many days ago, the stars. */
type RatedRead = [string, number, number];

/**
 * A few weeks of reading for the demo family's first child, so the family pages have something to
 * show: seven sessions of one book, rated books for both children, two notifications.
 */
async function seedFamilyReading(tx: Tx, kids: readonly { id: string }[], bookRows: readonly BookRow[]) {
  const [maya, theo] = kids;
  const wildRobot = bookRows.find((b) => b.title === 'The Wild Robot');
  if (!maya || !wildRobot) return;
  await tx.insert(readingLogs).values(
    [1, 2, 3, 5, 8, 9, 12].map((daysAgo, i) => ({
      childId: maya.id,
      bookId: wildRobot.id,
      title: wildRobot.title,
      author: wildRobot.author,
      readOn: at(-daysAgo, 12).toISOString().slice(0, 10),
      minutes: 15 + ((i * 7) % 20),
      pages: 8 + i,
      // Seven sessions of one book: finished (and rated) on the last one.
      rating: i === 0 ? 5 : null,
      finished: i === 0,
    })),
  );
  // A few rated books for both children, so "Top-rated this month" has something to rank.
  const rated: RatedRead[] = [
    ['Charlotte’s Web', 4, 4],
    ['The Phantom Tollbooth', 6, 4],
  ];
  const theoRated: RatedRead[] = [
    ['The Snail and the Whale', 2, 5],
    ['Frog and Toad Are Friends', 4, 4],
    ['Mercy Watson to the Rescue', 7, 5],
  ];
  const logOf = (childId: string, read: RatedRead) => ratedLog(childId, read, bookRows);
  await tx
    .insert(readingLogs)
    .values([
      ...rated.map((r) => logOf(maya.id, r)),
      ...(theo ? theoRated.map((r) => logOf(theo.id, r)) : []),
    ]);
  await seedFamilyNotices(tx, maya.id);
}

/** A finished, rated read of a catalogue book (or of a title the catalogue lacks). */
function ratedLog(childId: string, [title, daysAgo, rating]: RatedRead, bookRows: readonly BookRow[]) {
  const book = bookRows.find((b) => b.title === title);
  return {
    childId,
    bookId: book?.id ?? null,
    title,
    author: book?.author ?? null,
    readOn: at(-daysAgo, 18).toISOString().slice(0, 10),
    minutes: 20,
    rating,
    finished: true,
  };
}

/** The first child's streak and published-post notifications; the streak recorded as announced. */
async function seedFamilyNotices(tx: Tx, childId: string) {
  await tx.insert(notifications).values([
    {
      childId,
      kind: 'milestone',
      title: 'Maya read for three days in a row',
      body: 'A three-day streak! Keep it going tonight.',
      link: pagePath('/book-history/{id}', childId),
    },
    {
      childId,
      kind: 'blog',
      title: 'Your family’s blog post was published',
      body: '“Our family’s reading nook, on a budget” is now on the blog.',
      link: pagePath('/blogs'),
    },
  ]);
  // The three-day streak above is announced: recorded, so it is never announced again.
  await tx.insert(readingMilestones).values({ childId, milestone: 'streak-3' });
}
