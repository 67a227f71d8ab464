import * as z from 'zod';
import { adminListQuery } from '~/platform/admin/list.schema';
import { instant } from '~/platform/http/common.schema';

/** One line of the audit log: who changed what, and when. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    /** The actor's email at the time of reading; null when the account is gone. */
    actorEmail: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: instant,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const AUDIT_SORTS = ['createdAt', 'action', 'entity'] as const;
export const auditQuerySchema = adminListQuery(AUDIT_SORTS, { sort: 'createdAt', dir: 'desc' }).extend({
  entity: z
    .string()
    .trim()
    .max(40, 'Keep the entity to 40 characters or fewer.')
    .regex(/^[a-z_]*$/, 'Entities are lower-case words, like blog or plan.')
    .default(''),
  entityId: z.string().trim().max(64, 'Keep the id to 64 characters or fewer.').default(''),
});

/** How many things wait for the team: shown as counts in the admin navigation. */
export const adminCountsSchema = z
  .object({
    blogsWaiting: z.int(),
    inquiriesNew: z.int(),
  })
  .meta({ id: 'AdminCounts' });
export type AdminCounts = z.infer<typeof adminCountsSchema>;
