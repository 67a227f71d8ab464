import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { auditLog } from '~/platform/db/schema.server';
import type { UserRow } from '~/platform/identity/accounts.server';

/**
 * The audit log keeps what the team did, not who the family was: the account's email, and any it
 * had before (its `user.email_change` lines), in any line, and its name (in the lines about it or
 * by it) become one pseudonym, the same for all of its lines, so the history still reads as one
 * account's. Only whole words of string values change: "Ann" never touches "Annual", nor
 * "ann@x.com" a "joann@x.com".
 */
export async function pseudonymiseAudit(tx: Db, user: UserRow) {
  const pseudonym = `deleted account ${createHash('sha256').update(user.id).digest('hex').slice(0, 8)}`;
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const addresses = await addressesOf(tx, user);
  const emails = addresses.map((a) => new RegExp(`(?<![\\w.+-])${literal(a)}(?![\\w-]|\\.\\w)`, 'giu'));
  const name = user.displayName?.trim() ?? '';
  const named =
    name.length >= 2 ? new RegExp(`(?<![\\p{L}\\p{N}])${literal(name)}(?![\\p{L}\\p{N}])`, 'giu') : null;
  const mentions = addresses.map((a) => sql`strpos(lower(${auditLog.details}::text), ${a}) > 0`);
  const rows = await tx
    .select({
      id: auditLog.id,
      details: auditLog.details,
      actorId: auditLog.actorId,
      entityId: auditLog.entityId,
    })
    .from(auditLog)
    .where(or(...mentions, eq(auditLog.actorId, user.id), eq(auditLog.entityId, user.id)));
  for (const row of rows) {
    const about = row.actorId === user.id || row.entityId === user.id;
    const clean = (value: unknown): unknown => {
      if (typeof value === 'string') {
        const withoutEmail = emails.reduce((text, email) => text.replace(email, pseudonym), value);
        return about && named ? withoutEmail.replace(named, pseudonym) : withoutEmail;
      }
      if (Array.isArray(value)) return value.map(clean);
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)]));
      return value;
    };
    const details = clean(row.details);
    if (JSON.stringify(details) !== JSON.stringify(row.details))
      await tx.update(auditLog).set({ details }).where(eq(auditLog.id, row.id));
  }
}

/** Every address the account has had, lower-case: its own now, and those its email changes name. */
async function addressesOf(tx: Db, user: UserRow): Promise<string[]> {
  const changes = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user.email_change'), eq(auditLog.entityId, user.id)));
  const named = changes.flatMap(({ details }) => {
    const { from, to } = (details ?? {}) as { from?: unknown; to?: unknown };
    return [from, to].filter((a): a is string => typeof a === 'string');
  });
  return [...new Set([user.email, ...named].map((a) => a.toLowerCase()))];
}
