import type { Db } from '~/platform/db/client.server';
import { auditLog } from '~/platform/db/schema.server';

/** An audit action: the entity, a dot, what happened to it ('book.create', 'user.child.delete'). */
export type AuditAction = `${string}.${string}`;

/**
 * Who changed what, and when: every administrative change writes one line, in its transaction.
 * The entity is the action's first word ('podcast_episode' for 'podcast_episode.edit').
 */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  actorId: string,
  action: AuditAction,
  entityId: string | null,
  details: Record<string, unknown> = {},
) {
  await db.insert(auditLog).values({
    actorId,
    action,
    entity: action.slice(0, action.indexOf('.')),
    entityId,
    details,
  });
}
