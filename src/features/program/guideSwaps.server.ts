import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { guideSwaps } from '~/platform/db/schema.server';
import type { GuideSwap } from './guideSwap';

/** The book the child's reading guide chose for the next plan, waiting; undefined when none does. */
export async function pendingGuideSwap(db: Db, childId: string): Promise<GuideSwap | undefined> {
  const [row] = await db
    .select({ bookId: guideSwaps.bookId, guideName: guideSwaps.guideName, reason: guideSwaps.reason })
    .from(guideSwaps)
    .where(eq(guideSwaps.childId, childId));
  return row;
}
