import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { childrenDtos, countChildren, listChildren } from '~/features/family/children.server';
import { adminOrders } from '~/features/payments/admin.server';
import type { Role } from '~/platform/access';
import { type AuditAction, recordAudit } from '~/platform/admin/audit.server';
import { containsSearch, countRows, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { blogs, guides, inquiries, orders, users } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import type { UserRow } from '~/platform/identity/accounts.server';
import { type AdminUser, type AdminUserQuery, type AdminUserView, VIEW_LIST_LIMIT } from './users.schema';

// Spelled out: in a one-table select Drizzle writes ${users.id} as a bare "id", which inside this
// subquery would mean the child's own id.
const childCount = sql<number>`(select count(*)::int from children c where c.user_id = "users"."id")`;

export function adminUserOf(user: UserRow, children: number): AdminUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    disabled: user.disabled,
    childCount: children,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A page of accounts: searched by email and name, filtered by role and status, sorted. */
export async function listUsers(db: Db, query: AdminUserQuery) {
  const { q, sort, dir, page, limit, role, status } = query;
  const filters: (SQL | undefined)[] = [
    containsSearch(q, [users.email, users.displayName]),
    role ? eq(users.role, role) : undefined,
    status ? eq(users.disabled, status === 'disabled') : undefined,
  ];
  const where = and(...filters);
  // Names and emails sort as people read them, not by the case of their first letter.
  const column = {
    createdAt: users.createdAt,
    email: sql`lower(${users.email})`,
    displayName: sql`lower(${users.displayName})`,
    role: users.role,
  }[sort];
  const window = pageWindow(page, limit);
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, children: childCount })
      .from(users)
      .where(where)
      .orderBy(...orderOf(column, dir, users.id))
      .limit(window.limit)
      .offset(window.offset),
    countRows(db, users, where),
  ]);
  return pageOf(
    rows.map((r) => adminUserOf(r.user, Number(r.children))),
    total,
    page,
    limit,
  );
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function adminUserById(db: Db, id: string): Promise<AdminUser | undefined> {
  const user = await findUser(db, id);
  return user && adminUserOf(user, await countChildren(db, id));
}

/** Everything the team sees about one account: its children, orders, posts and inquiries. */
export async function userView(db: Db, id: string, askedBy: string): Promise<AdminUserView | undefined> {
  const user = await findUser(db, id);
  if (!user) return undefined;
  const { kids, orderRows, posts, messages, totals } = await accountRecords(db, user);
  const dtos = await childrenDtos(db, kids);
  const [orderTotal, blogTotal, inquiryTotal] = totals.map(([row]) => Number(row?.n ?? 0));
  return {
    user: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      disabled: user.disabled,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      privacyConsentAt: user.privacyConsentAt.toISOString(),
      isSelf: user.id === askedBy,
    },
    children: kids.map((child, i) => ({
      id: child.id,
      name: child.firstName,
      birthYear: child.birthYear,
      ageBand: child.ageBand,
      readingLevel: child.readingLevel,
      createdAt: child.createdAt.toISOString(),
      subscription: dtos[i]?.subscription ?? null,
      queued: dtos[i]?.queued ?? [],
    })),
    orders: orderRows,
    blogs: posts.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      submittedAt: p.submittedAt?.toISOString() ?? null,
      publishedAt: p.publishedAt?.toISOString() ?? null,
    })),
    inquiries: messages.map((m) => ({
      id: m.id,
      subject: m.subject,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
    totals: { orders: orderTotal ?? 0, blogs: blogTotal ?? 0, inquiries: inquiryTotal ?? 0 },
  };
}

/** The account's children, latest orders, posts and inquiries, and how many of each there are. */
async function accountRecords(db: Db, user: UserRow) {
  const id = user.id;
  // Inquiries are not tied to accounts: those sent from the account's address are the family's.
  const sameEmail = sql`lower(${inquiries.email}) = ${user.email.toLowerCase()}`;
  const [kids, orderRows, posts, messages, totals] = await Promise.all([
    listChildren(db, id),
    adminOrders(db, eq(orders.userId, id), VIEW_LIST_LIMIT),
    db
      .select()
      .from(blogs)
      .where(eq(blogs.authorId, id))
      .orderBy(desc(blogs.updatedAt), desc(blogs.id))
      .limit(VIEW_LIST_LIMIT),
    db
      .select()
      .from(inquiries)
      .where(sameEmail)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(VIEW_LIST_LIMIT),
    Promise.all([
      db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
      db.select({ n: count() }).from(blogs).where(eq(blogs.authorId, id)),
      db.select({ n: count() }).from(inquiries).where(sameEmail),
    ]),
  ]);
  return { kids, orderRows, posts, messages, totals };
}

/**
 * Records the account the team created, with its audit line. The address is this new sign-in's
 * own: the identity service refused it if another sign-in held it.
 */
export async function insertAccount(
  db: Db,
  actorId: string,
  input: { firebaseUid: string; email: string; displayName: string; role: Role },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const user = onlyRow(
      await tx
        .insert(users)
        .values({ ...input, privacyConsentAt: new Date() })
        .returning(),
    );
    await recordAudit(tx, actorId, 'user.create', user.id, { email: user.email, role: user.role });
    await keepGuideRow(tx, user.id, user.role);
    return user;
  });
}

/**
 * A reading guide has a row of guide settings (its capacity); an account that stops being a guide
 * loses it, and with it its assignments: its children wait for another guide, while the notes and
 * scores it wrote stay with the families.
 */
async function keepGuideRow(tx: Pick<Db, 'insert' | 'delete'>, userId: string, role: Role) {
  if (role === 'guide') await tx.insert(guides).values({ userId }).onConflictDoNothing();
  else await tx.delete(guides).where(eq(guides.userId, userId));
}

/**
 * Changes an account's role or access. The site must always keep an enabled administrator: the
 * last one keeps their rights, and nobody removes their own (another administrator must). Every
 * enabled administrator's row (and the target's) is locked first, in id order, so two
 * administrators demoting each other at the same moment are served one after the other and the
 * second sees the first's change.
 */
export async function changeUser(
  db: Db,
  actorId: string,
  targetId: string,
  change: { role?: Role | undefined; disabled?: boolean | undefined },
): Promise<UserRow> {
  const field = change.role !== undefined && change.role !== 'admin' ? 'role' : 'disabled';
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(users)
      .where(or(and(eq(users.role, 'admin'), eq(users.disabled, false)), eq(users.id, targetId)))
      .orderBy(users.id)
      .for('update');
    const target = locked.find((u) => u.id === targetId);
    if (!target) throw notFound('That account');
    const admins = locked.filter((u) => u.role === 'admin' && !u.disabled);
    // The asker's own rights may have been removed while this request waited for the lock.
    if (!admins.some((u) => u.id === actorId)) {
      throw new DomainError('forbidden', 'Only administrators can do this.');
    }

    const role = change.role ?? target.role;
    const disabled = change.disabled ?? target.disabled;
    const wasAdmin = target.role === 'admin' && !target.disabled;
    if (wasAdmin && (role !== 'admin' || disabled)) {
      // The last administrator first: "ask another administrator" would be no help to them.
      if (admins.length <= 1) {
        const message =
          'This is the only enabled administrator. Make someone else an administrator first, so the site always has someone to run it.';
        throw conflict(message, 'last_admin', { [field]: message });
      }
      if (target.id === actorId) {
        const own = field === 'role' ? 'your own administrator role' : 'your own account';
        const message = `You cannot ${field === 'role' ? 'remove' : 'disable'} ${own}. Ask another administrator to do it.`;
        throw conflict(message, 'conflict', { [field]: message });
      }
    }
    if (role === target.role && disabled === target.disabled) return target;

    const user = onlyRow(
      await tx
        .update(users)
        .set({ role, disabled, updatedAt: sql`now()` })
        .where(eq(users.id, targetId))
        .returning(),
    );
    const audit = (action: AuditAction, details: Record<string, unknown>) =>
      recordAudit(tx, actorId, action, targetId, details);
    if (role !== target.role) {
      await audit('user.role', { email: user.email, from: target.role, to: role });
      await keepGuideRow(tx, targetId, role);
    }
    if (disabled !== target.disabled)
      await audit(disabled ? 'user.disable' : 'user.enable', { email: user.email });
    return user;
  });
}
