import type { Logger } from 'pino';
import { deleteChild } from '~/features/family/children.server';
import { emailInUse as addressTaken } from '~/features/family/family.server';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { DomainError, emailInUse, notFound } from '~/platform/errors';
import type { SignInAccounts } from '~/platform/identity/signInAccounts.server';
import type { Storage } from '~/platform/storage/storage';
import type { AccountInput, AdminUserView } from './users.schema';
import { adminUserById, adminUserOf, findUser, insertAccount, userView } from './users.server';

// What the team does to accounts beyond editing them: make one for someone (with its sign-in and a
// set-password email), send that email again, remove a child. The rules and refusals live here.

interface AccountDeps {
  db: Db;
  signInAccounts: SignInAccounts;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * A new account made by an administrator: its sign-in (the identity service refuses an address
 * another sign-in holds, and the adapter says so), its row with the audit line, then the email
 * that lets the person choose a password. The account exists whatever happens to that email: a
 * failure is said, and the email can be sent again.
 */
export async function createAccount(deps: AccountDeps, actorId: string, input: AccountInput) {
  if (await addressTaken(deps.db, input.email)) throw emailInUse();
  const signIn = await deps.signInAccounts.create(input);
  const user = await insertAccount(deps.db, actorId, {
    firebaseUid: signIn.uid,
    email: input.email,
    displayName: input.displayName,
    role: input.role,
  });
  deps.logger.info({ userId: user.id, role: user.role, by: actorId }, 'account created by an administrator');
  const passwordLinkSent = await deps.signInAccounts.sendPasswordLink(user.email).then(
    () => true,
    (error: unknown) => {
      deps.logger.warn({ userId: user.id, errorName: (error as Error).name }, 'set-password email not sent');
      return false;
    },
  );
  return { user: adminUserOf(user, 0), passwordLinkSent };
}

/** Sends the set-password email again; recorded once it has gone (it leaves our database). */
export async function sendPasswordLink(deps: AccountDeps, actorId: string, userId: string): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user) throw notFound('That account');
  try {
    await deps.signInAccounts.sendPasswordLink(user.email);
  } catch (error) {
    deps.logger.warn({ userId: user.id, errorName: (error as Error).name }, 'set-password email not sent');
    throw new DomainError(
      'unavailable',
      'The email could not be sent just now. Please try again.',
      undefined,
      {
        'Retry-After': '30',
      },
    );
  }
  await recordAudit(deps.db, actorId, 'user.password_link', user.id, { email: user.email });
}

/** Removes a child of an account (the child's id only goes in the audit log, never their name). */
export async function removeChildOf(
  deps: {
    db: Db;
    storage: Storage;
    endRenewals?: ((scope: { userId: string; childId: string }) => Promise<void>) | undefined;
  },
  actorId: string,
  target: { id: string; childId: string },
): Promise<AdminUserView> {
  if (!(await adminUserById(deps.db, target.id))) throw notFound('That account');
  await deps.endRenewals?.({ userId: target.id, childId: target.childId });
  const removed = await deleteChild(deps.db, deps.storage, target.id, target.childId, (tx) =>
    recordAudit(tx, actorId, 'user.child.delete', target.id, { childId: target.childId }),
  );
  if (!removed) throw notFound('That child');
  const view = await userView(deps.db, target.id, actorId);
  if (!view) throw notFound('That account');
  return view;
}
