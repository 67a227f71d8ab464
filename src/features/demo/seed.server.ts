import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { preparePost } from '~/features/blogs/blogs.server';
import { passageWordCount } from '~/features/readAloud/readAloud';
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
  DEMO_READER_FAMILIES,
  EPISODES,
  PASSAGES,
  PLANS,
  UNPUBLISHED_BLOGS,
} from './demoContent';
import { demoEvents } from './demoEvents';
import { enrolDemoReader, enrolInDemoProgram } from './demoPrograms.server';

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
 * The demo reader families (parents with no sign-in account) and their children's rated reads:
 * what weekly plans learn from. The reads are spread over the last four weeks by a fixed formula,
 * so every run makes the same rows relative to its day.
 */
async function seedDemoReaders(tx: Tx, bookRows: readonly { id: string; title: string; author: string }[]) {
  const bookByTitle = new Map(bookRows.map((b) => [b.title, b]));
  const logs: (typeof readingLogs.$inferInsert)[] = [];
  for (const [f, family] of DEMO_READER_FAMILIES.entries()) {
    const joinedAt = at(-60 + f * 3, 19);
    const [owner] = await tx
      .insert(users)
      .values({
        firebaseUid: family.uid,
        email: family.email,
        displayName: family.displayName,
        role: 'parent',
        privacyConsentAt: joinedAt,
        createdAt: joinedAt,
        updatedAt: joinedAt,
      })
      .returning({ id: users.id });
    if (!owner) throw new Error(`demo reader family ${family.uid} was not created`);
    const kids = await tx
      .insert(children)
      .values(
        family.children.map(({ rated: _rated, ...child }) => ({
          ...child,
          interests: [...child.interests],
          userId: owner.id,
          createdAt: joinedAt,
          updatedAt: joinedAt,
        })),
      )
      .returning({ id: children.id });
    family.children.forEach((child, c) => {
      const childId = kids[c]?.id;
      if (!childId) throw new Error(`demo reader ${child.firstName} was not created`);
      child.rated.forEach(([title, rating], i) => {
        const book = bookByTitle.get(title);
        if (!book)
          throw new Error(`demo reader ${child.firstName} rated a book not in the catalogue: ${title}`);
        logs.push({
          childId,
          bookId: book.id,
          title: book.title,
          author: book.author,
          // The first book two to four days ago, each earlier one four days before it.
          readOn: at(-(2 + i * 4 + ((c + f) % 3)), 17)
            .toISOString()
            .slice(0, 10),
          minutes: 15 + ((i + c + f) % 4) * 5,
          rating,
          // A demo reader rated the books they finished.
          finished: true,
        });
      });
    });
  }
  await tx.insert(readingLogs).values(logs);
}

/**
 * Fills an empty database with demo content, the two demo accounts' rows and the demo reader
 * families, and puts the demo podcast audio into storage. Answers false, changing nothing, when
 * the database already holds data.
 */
export async function seedDemo(db: Db, storage: Storage = getStorage()): Promise<boolean> {
  if (await databaseHasData(db)) return false;
  const episodes = await episodesWithAudio(storage);
  await db.transaction(async (tx) => {
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

    const kids = await tx
      .insert(children)
      .values(DEMO_CHILDREN.map((c) => ({ ...c, interests: [...c.interests], userId: parent.id })))
      .returning();

    const planRows = await tx.insert(plans).values(PLANS).returning();
    // Maya is two days into a monthly program, paid in the sandbox: the server's plan job makes
    // her first weekly plan within a minute of starting, so the profile shows a real week at once.
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
    await tx.insert(blogs).values(
      BLOGS.map((b, i) => ({
        title: b.title,
        authorName: b.authorName,
        ...preparePost(b),
        status: 'approved' as const,
        authorId: i === 2 ? parent.id : admin.id,
        childId: i === 2 ? (kids[0]?.id ?? null) : null,
        reviewerId: admin.id,
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
        authorId: parent.id,
        childId: kids[0]?.id ?? null,
        submittedAt: b.status === 'draft' ? null : at(-b.daysAgo, 20),
        ...(b.status === 'rejected'
          ? {
              reviewerId: admin.id,
              reviewedAt: at(-b.daysAgo + 1, 9),
              reviewNote: 'reviewNote' in b ? b.reviewNote : null,
            }
          : {}),
        createdAt: at(-b.daysAgo - 1, 20),
        updatedAt: at(-b.daysAgo, 20),
      })),
    );

    // A few weeks of reading for the first child, so the family pages have something to show.
    const maya = kids[0];
    const wildRobot = bookRows.find((b) => b.title === 'The Wild Robot');
    if (maya && wildRobot) {
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
      const rated: [string, number, number][] = [
        ['Charlotte’s Web', 4, 4],
        ['The Phantom Tollbooth', 6, 4],
      ];
      const theo = kids[1];
      const theoRated: [string, number, number][] = [
        ['The Snail and the Whale', 2, 5],
        ['Frog and Toad Are Friends', 4, 4],
        ['Mercy Watson to the Rescue', 7, 5],
      ];
      const logOf = (childId: string, [title, daysAgo, rating]: [string, number, number]) => {
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
      };
      await tx
        .insert(readingLogs)
        .values([
          ...rated.map((r) => logOf(maya.id, r)),
          ...(theo ? theoRated.map((r) => logOf(theo.id, r)) : []),
        ]);
      await tx.insert(notifications).values([
        {
          childId: maya.id,
          kind: 'milestone',
          title: 'Maya read for three days in a row',
          body: 'A three-day streak! Keep it going tonight.',
          link: pagePath('/book-history/{id}', maya.id),
        },
        {
          childId: maya.id,
          kind: 'blog',
          title: 'Your family’s blog post was published',
          body: '“Our family’s reading nook, on a budget” is now on the blog.',
          link: pagePath('/blogs'),
        },
      ]);
      // The three-day streak above is announced: recorded, so it is never announced again.
      await tx.insert(readingMilestones).values({ childId: maya.id, milestone: 'streak-3' });
    }
    await seedDemoReaders(tx, bookRows);
    // A demo reader five days into the same program, far short of the week's goal: the console's
    // "Enrolled children" has a child behind on the plan to show (once the job has made the plan).
    if (monthly) await enrolDemoReader(tx, DEMO_BEHIND_READER, monthly, at(-5, 9));
  });
  return true;
}
