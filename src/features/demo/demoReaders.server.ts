import type { Tx } from '~/platform/db/client.server';
import { children, readingLogs, users } from '~/platform/db/schema.server';
import { at, DEMO_READER_FAMILIES } from './demoContent';

/**
 * The demo reader families (parents with no sign-in account) and their children's rated reads:
 * what weekly plans learn from. The reads are spread over the last four weeks by a fixed formula,
 * so every run makes the same rows relative to its day.
 */
export async function seedDemoReaders(
  tx: Tx,
  bookRows: readonly { id: string; title: string; author: string }[],
) {
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
