import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type * as z from 'zod';
import { passageWordCount } from '~/features/readAloud/readAloud';
import { recordAudit } from '~/platform/admin/audit.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, orderOf, tablePage } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { passages, recordings } from '~/platform/db/schema.server';
import { READING_LEVELS } from '~/platform/domain';
import { mediaUrlOf } from '~/platform/storage/mediaUrl.server';
import type { Storage } from '~/platform/storage/storage';
import {
  type AdminPassage,
  type AdminPassageDetail,
  MODEL_AUDIO_TYPES,
  type PassageLevels,
  type passageInputSchema,
  type passageListQuerySchema,
  type passagePatchSchema,
} from './catalogue.schema';
import { levelOrder, removeStoredFile, swapStoredFile } from './media.server';

type PassageRow = typeof passages.$inferSelect;
type PassageInput = z.output<typeof passageInputSchema>;
type PassagePatch = z.output<typeof passagePatchSchema>;
type PassageListQuery = z.output<typeof passageListQuerySchema>;

const passageDto = (row: PassageRow): AdminPassage => ({
  id: row.id,
  title: row.title,
  level: row.readingLevel,
  wordCount: row.wordCount,
  audioUrl: mediaUrlOf(row.audioPath),
  portfolio: row.portfolio,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listAdminPassages(db: Db, query: PassageListQuery): Promise<AdminPage<AdminPassage>> {
  const { q, sort, dir } = query;
  const where = containsSearch(q, [passages.title, passages.text]);
  const column = {
    title: sql`lower(${passages.title})`,
    level: levelOrder(passages.readingLevel),
    wordCount: passages.wordCount,
    createdAt: passages.createdAt,
  }[sort];
  return tablePage(db, passages, where, orderOf(column, dir, passages.id), query, passageDto);
}

/** Every level with its number of practice passages (those plans take), in the levels' order. */
export async function passageLevels(db: Db): Promise<PassageLevels> {
  const rows = await db
    .select({ level: passages.readingLevel, n: count() })
    .from(passages)
    .where(eq(passages.portfolio, false))
    .groupBy(passages.readingLevel);
  return {
    levels: READING_LEVELS.map((level) => ({
      level,
      passages: Number(rows.find((r) => r.level === level)?.n ?? 0),
    })),
  };
}

export async function getAdminPassage(db: Db, id: string): Promise<AdminPassageDetail | undefined> {
  const [row] = await db.select().from(passages).where(eq(passages.id, id)).limit(1);
  if (!row) return undefined;
  const [attempts] = await db.select({ n: count() }).from(recordings).where(eq(recordings.passageId, id));
  return { ...passageDto(row), text: row.text, recordingCount: Number(attempts?.n ?? 0) };
}

export async function createPassage(db: Db, actorId: string, input: PassageInput): Promise<AdminPassage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passages)
      .values({
        title: input.title,
        readingLevel: input.level,
        text: input.text,
        wordCount: passageWordCount(input.text),
        portfolio: input.portfolio,
      })
      .returning();
    if (!row) throw new Error('The passage was not saved');
    await recordAudit(tx, actorId, 'passage.create', row.id, {
      title: row.title,
      level: row.readingLevel,
      wordCount: row.wordCount,
      ...(row.portfolio ? { portfolio: true } : {}),
    });
    return passageDto(row);
  });
}

/**
 * Changes the fields sent; a new text is counted again. Words per minute already saved for
 * children's attempts stay as they were measured.
 */
export async function updatePassage(
  db: Db,
  actorId: string,
  id: string,
  patch: PassagePatch,
): Promise<AdminPassageDetail | undefined> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(passages).where(eq(passages.id, id)).for('update');
    if (!row) return undefined;
    const values: Partial<PassageRow> = {};
    const changed: string[] = [];
    if (patch.title !== undefined && patch.title !== row.title) {
      values.title = patch.title;
      changed.push('title');
    }
    if (patch.level !== undefined && patch.level !== row.readingLevel) {
      values.readingLevel = patch.level;
      changed.push('level');
    }
    if (patch.portfolio !== undefined && patch.portfolio !== row.portfolio) {
      values.portfolio = patch.portfolio;
      changed.push('portfolio');
    }
    if (patch.text !== undefined && patch.text !== row.text) {
      values.text = patch.text;
      values.wordCount = passageWordCount(patch.text);
      changed.push('text');
    }
    if (changed.length === 0) return row;
    const [saved] = await tx
      .update(passages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(passages.id, id))
      .returning();
    if (!saved) return undefined;
    await recordAudit(tx, actorId, 'passage.edit', id, {
      title: saved.title,
      changed,
      ...(changed.includes('text') ? { wordCount: `${row.wordCount} → ${saved.wordCount}` } : {}),
    });
    return saved;
  });
  return updated ? getAdminPassage(db, id) : undefined;
}

/** Deletes a passage; children's attempts keep their times and recordings (passage set to null). */
export async function deletePassage(
  db: Db,
  storage: Storage,
  logger: Pick<Logger, 'warn'>,
  actorId: string,
  id: string,
): Promise<{ recordings: number } | undefined> {
  const deleted = await db.transaction(async (tx) => {
    const [attempts] = await tx.select({ n: count() }).from(recordings).where(eq(recordings.passageId, id));
    const [row] = await tx.delete(passages).where(eq(passages.id, id)).returning();
    if (!row) return undefined;
    const recordingCount = Number(attempts?.n ?? 0);
    await recordAudit(tx, actorId, 'passage.delete', id, {
      title: row.title,
      level: row.readingLevel,
      recordings: recordingCount,
    });
    return { audioPath: row.audioPath, recordings: recordingCount };
  });
  if (!deleted) return undefined;
  await removeStoredFile(storage, logger, deleted.audioPath);
  return { recordings: deleted.recordings };
}

export type ModelAudioType = keyof typeof MODEL_AUDIO_TYPES;

/** Where a model reading is stored: public (children listen to it), under a name nobody can guess. */
const modelAudioKey = (type: ModelAudioType) => `passages/${randomUUID()}.${MODEL_AUDIO_TYPES[type]}`;

/** Sets (audio given) or removes (null) a passage's model reading; undefined for an unknown passage. */
export async function setPassageAudio(
  db: Db,
  storage: Storage,
  logger: Pick<Logger, 'warn'>,
  actorId: string,
  id: string,
  audio: { bytes: Uint8Array; type: ModelAudioType; seconds: number } | null,
): Promise<AdminPassage | undefined> {
  const key = audio ? modelAudioKey(audio.type) : null;
  return swapStoredFile(storage, logger, key, audio?.bytes ?? null, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(passages).where(eq(passages.id, id)).for('update');
      if (!row) return undefined;
      if (!audio && !row.audioPath) return { result: passageDto(row), oldKey: null };
      const [saved] = await tx
        .update(passages)
        .set({ audioPath: key, updatedAt: new Date() })
        .where(eq(passages.id, id))
        .returning();
      if (!saved) return undefined;
      await recordAudit(
        tx,
        actorId,
        'passage.audio',
        id,
        audio
          ? { title: row.title, audio: row.audioPath ? 'replaced' : 'added', seconds: audio.seconds }
          : { title: row.title, audio: 'removed' },
      );
      return { result: passageDto(saved), oldKey: row.audioPath };
    }),
  );
}
