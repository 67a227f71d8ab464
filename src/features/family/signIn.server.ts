import type { Logger } from 'pino';
import type { Db } from '~/platform/db/client.server';
import type { Settings } from '~/platform/env.server';
import { DomainError } from '~/platform/errors';
import { findUserByFirebaseUid, followSignInEmail, type UserRow } from '~/platform/identity/accounts.server';
import type { Identity } from '~/platform/identity/identity.server';
import { createUser, emailInUse, keepTimeZone } from './family.server';
import type { LoginRegisterBody } from './user.schema';

const emailTaken = () =>
  new DomainError(
    'email_in_use',
    'An account with this email address already exists. Sign in with it instead, or confirm your address (the link we sent you) and try again.',
    { email: 'Already used by another account.' },
  );

/** What signing in came to: the account (or none yet), and whether this call created it. */
export type SignInOutcome = { user: UserRow | null; created: boolean };

/**
 * The login/register call's rules. Identity comes from the verified token alone. An existing
 * account is answered (its address brought in step with the sign-in's); a new one is made only
 * with registration details, for a sign-in that has an email. An address another account's row
 * still names is refused unless the identity service has verified it is this person's: it holds
 * each address once, so that row names an address its own sign-in has since given up.
 */
export async function signInOrRegister(
  deps: { db: Db; logger: Pick<Logger, 'info'>; settings: Pick<Settings, 'ADMIN_EMAILS'> },
  identity: Identity,
  body: LoginRegisterBody,
): Promise<SignInOutcome> {
  const { db } = deps;
  if (body.uid !== undefined && body.uid !== identity.uid) {
    throw new DomainError('validation_failed', 'The user in the body is not the signed-in user.', {
      uid: 'Does not match the signed-in user.',
    });
  }
  const existing = await existingAccount(db, identity);
  if (existing) return { user: await keepTimeZone(db, existing, body.timeZone), created: false };
  if (!body.registration) return { user: null, created: false };

  const email = identity.email;
  if (!email) {
    throw new DomainError('validation_failed', 'Your sign-in has no email address; use an email sign-in.', {
      email: 'Your sign-in has no email address.',
    });
  }
  if (!identity.emailVerified && (await emailInUse(db, email))) {
    // A double click: the other request of this same sign-in may have just created the account.
    const mine = await findUserByFirebaseUid(db, identity.uid);
    if (mine) return { user: mine, created: false };
    throw emailTaken();
  }
  // The first administrators come from configuration, never from the request, and only for an
  // email the identity service has verified: anyone can type an address into a sign-up form.
  const role = identity.emailVerified && deps.settings.ADMIN_EMAILS.includes(email) ? 'admin' : 'parent';
  const result = await createUser(db, {
    firebaseUid: identity.uid,
    email,
    displayName: body.registration.displayName,
    role,
  });
  if (result.created) deps.logger.info({ userId: result.user.id, role }, 'account created');
  return { ...result, user: await keepTimeZone(db, result.user, body.timeZone) };
}

/** The sign-in's account, if it has one: enabled, with the sign-in's current address. */
async function existingAccount(db: Db, identity: Identity): Promise<UserRow | undefined> {
  const existing = await findUserByFirebaseUid(db, identity.uid);
  if (!existing) return undefined;
  if (existing.disabled)
    throw new DomainError('account_disabled', 'This account has been disabled. Contact us for help.');
  return identity.email ? followSignInEmail(db, existing, identity.email) : existing;
}
