import type { Logger } from 'pino';
import type { Db } from '~/platform/db/client.server';
import type { Settings } from '~/platform/env.server';
import type { UserRow } from '~/platform/identity/accounts.server';
import type { DeleteSignInAccount, Identity, VerifyToken } from '~/platform/identity/identity.server';
import type { SignInAccounts } from '~/platform/identity/signInAccounts.server';
import type { JobConsole } from '~/platform/jobs/queue.server';
import type { Live } from '~/platform/live/live.server';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import type { Storage } from '~/platform/storage/storage';
import type { InterviewSchedule } from '~/platform/weeklySlots';
import type { RateLimiter } from './rateLimit.server';

/** What the API needs from the outside world; tests pass their own. */
export interface ApiDeps {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  verifyToken: VerifyToken;
  /** Removes the person's sign-in account (the Auth emulator locally). */
  deleteSignInAccount: DeleteSignInAccount;
  /** Creates sign-in accounts for other people and emails them a set-password link (admin console). */
  signInAccounts: SignInAccounts;
  rateLimiter: RateLimiter;
  /** The event streams this copy's pages hold open, and the database channels that feed them. */
  live: Live;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY): the caller's
   * address is read from there. None when left out: the address is the connection's.
   */
  trustedProxies?: number;
  logger: Logger;
  settings: Pick<Settings, 'ADMIN_EMAILS' | 'AUTH_RATE_LIMIT_PER_MINUTE'> &
    /**
     * The contact form's limit (INQUIRIES_PER_TEN_MINUTES, 5, when left out), and APP_ENV: in
     * production `payments` must be given (development when left out).
     */
    Partial<Pick<Settings, 'INQUIRY_RATE_LIMIT_PER_TEN_MINUTES' | 'APP_ENV'>>;
  /** The introductory interview's weekly slots (INTERVIEW_*); the default template when left out. */
  interviewSchedule?: InterviewSchedule;
  /** Where uploads go; the server's store (MEDIA_DIR) when left out. Tests pass a folder of their own. */
  storage?: Storage;
  /** Who takes payments: Stripe, or the sandbox (the default, and the tests') when left out; required in production. */
  payments?: PaymentProvider;
  /**
   * Ends the renewing programs of a family (or of one child) at the payment provider, before they
   * are deleted: nobody is charged for a family or child that is gone. Set by the composition root
   * (features/api.server.ts); throws (nothing deleted) when the provider cannot be reached.
   */
  endRenewals?: (scope: { userId: string; childId?: string }) => Promise<void>;
  /**
   * The background jobs, as the admin console reads them: the production server's queue. Left out
   * where no jobs run (`astro dev`); the console then says so.
   */
  jobs?: JobConsole;
}

export interface ApiEnv {
  Bindings: { clientAddress?: string };
  Variables: {
    requestId: string;
    /** The bearer token's check, made once a request however many checks read it. */
    tokenCheck: Promise<Identity>;
    identity: Identity;
    user: UserRow;
  };
}
