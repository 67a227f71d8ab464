import type { Logger } from 'pino';
import type { Db } from '~/platform/db/client.server';
import { DomainError } from '~/platform/errors';
import { provenEmailOf, type UserRow } from '~/platform/identity/accounts.server';
import { type Identity, SignInTooOldError } from '~/platform/identity/identity.server';
import type { Storage } from '~/platform/storage/storage';
import { RECENT_SIGN_IN_SECONDS } from './family.schema';
import { deleteFamily } from './family.server';

const reauthenticate = () =>
  new DomainError(
    'reauthentication_required',
    'For your safety, enter your password again before deleting your family’s account.',
  );

/**
 * A parent deletes their family's account: only after signing in again a few minutes ago, and all
 * or nothing (deleteFamily). When the sign-in cannot be removed, or the database fails, nothing is
 * deleted and the parent is told so, never "deleted" with a sign-in left behind.
 */
export async function deleteOwnFamily(
  deps: {
    db: Db;
    storage: Storage;
    logger: Pick<Logger, 'error' | 'warn'>;
    /** Ends the family's renewing programs at the payment provider first (ApiDeps.endRenewals). */
    endRenewals?: ((scope: { userId: string }) => Promise<void>) | undefined;
  },
  asking: { user: UserRow; identity: Identity; deleteSignIn: () => Promise<void>; requestId?: string },
  now = Date.now(),
): Promise<void> {
  const { authTime } = asking.identity;
  if (!authTime || now / 1000 - authTime > RECENT_SIGN_IN_SECONDS) throw reauthenticate();
  try {
    await deps.endRenewals?.({ userId: asking.user.id });
    await deleteFamily(deps.db, deps.storage, asking.user, {
      provenEmail: provenEmailOf(asking.identity, asking.user),
      deleteSignIn: asking.deleteSignIn,
      logger: deps.logger,
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof SignInTooOldError) throw reauthenticate();
    deps.logger.error(
      { requestId: asking.requestId, errorName: (error as Error)?.name },
      'family not deleted',
    );
    throw new DomainError(
      'unavailable',
      'We could not delete your account just now, so nothing was deleted. Please try again.',
    );
  }
}
