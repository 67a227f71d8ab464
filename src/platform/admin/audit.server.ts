import type { Db } from '~/platform/db/client.server';
import { auditLog } from '~/platform/db/schema.server';

/** Who changed what, and when: every administrative change writes one line, in its transaction. */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  entry: {
    actorId: string;
    action: string;
    entity: string;
    entityId?: string;
    details?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}
