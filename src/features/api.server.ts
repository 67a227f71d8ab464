import { createHttpApp } from '~/platform/http/app.server';
import type { ApiDeps } from '~/platform/http/context.server';
import { type PaymentProvider, sandboxProvider } from '~/platform/payments/provider.server';
import { serverDeps } from '~/platform/runtime.server';
import { adminAuditRoutes } from './admin/audit.routes';
import { adminJobsRoutes } from './admin/jobs.routes';
import { adminUsersRoutes } from './admin/users.routes';
import { adminBlogsRoutes } from './blogs/admin.routes';
import { blogsRoutes } from './blogs/blogs.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { adminEventsRoutes } from './events/admin.routes';
import { eventsRoutes } from './events/events.routes';
import { childrenRoutes } from './family/children.routes';
import { emailPreferencesRoutes } from './family/emailPreferences.routes';
import { familyRoutes } from './family/family.routes';
import { userRoutes } from './family/user.routes';
import { guideAdminRoutes } from './guides/guideAdmin.routes';
import { guidesRoutes } from './guides/guides.routes';
import { adminInquiriesRoutes } from './inquiries/admin.routes';
import { inquiriesRoutes } from './inquiries/inquiries.routes';
import { interviewsRoutes } from './interviews/interviews.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { adminPaymentsRoutes } from './payments/admin.routes';
import { endRenewals } from './payments/membershipChanges.server';
import { paymentBilling, paymentsRoutes } from './payments/payments.routes';
import { plansRoutes } from './plans/plans.routes';
import { adminPodcastRoutes } from './podcast/admin.routes';
import { adminEnrolmentsRoutes } from './program/adminEnrolments.routes';
import { programRoutes } from './program/program.routes';
import { readAloudRoutes } from './readAloud/readAloud.routes';
import { readingRoutes } from './reading/reading.routes';
import { reportsRoutes } from './reports/reports.routes';
import { healthRoutes } from './site/health.routes';

/**
 * The composition root: the platform's HTTP app with every feature's routes mounted under /api.
 * Features never import each other's routes; this file is the one place that knows them all.
 */
export function createApi(given: ApiDeps) {
  const payments = paymentProviderOf(given);
  const billing = paymentBilling(given, payments);
  const deps: ApiDeps = { ...given, endRenewals: (scope) => endRenewals(given.db, billing, scope) };
  return createHttpApp(deps, (app) => {
    healthRoutes(app, deps);
    userRoutes(app, deps);
    plansRoutes(app, deps);
    inquiriesRoutes(app, deps);
    childrenRoutes(app, deps);
    blogsRoutes(app, deps);
    eventsRoutes(app, deps);
    familyRoutes(app, deps);
    emailPreferencesRoutes(app, deps);
    notificationsRoutes(app, deps);
    readAloudRoutes(app, deps);
    readingRoutes(app, deps);
    programRoutes(app, deps);
    catalogueRoutes(app, deps);
    interviewsRoutes(app, deps);
    paymentsRoutes(app, deps, payments, billing);
    adminPaymentsRoutes(app, deps, payments);
    adminAuditRoutes(app, deps);
    adminJobsRoutes(app, deps);
    adminBlogsRoutes(app, deps);
    adminEventsRoutes(app, deps);
    adminInquiriesRoutes(app, deps);
    adminPodcastRoutes(app, deps);
    adminUsersRoutes(app, deps);
    adminEnrolmentsRoutes(app, deps);
    guideAdminRoutes(app, deps);
    guidesRoutes(app, deps);
    reportsRoutes(app, deps);
  });
}

export type Api = ReturnType<typeof createApi>;

/**
 * One provider for the whole API: the one given, or outside production the sandbox (which signs its
 * events with a secret only it knows). A production API without one is refused: the sandbox would
 * take payments without a card, whatever the settings' own check said.
 */
function paymentProviderOf(deps: ApiDeps): PaymentProvider {
  if (deps.payments) return deps.payments;
  if (deps.settings.APP_ENV === 'production') {
    throw new Error(
      'A production API needs its payment provider (Stripe, from STRIPE_SECRET_KEY): the sandbox never takes payments in production.',
    );
  }
  return sandboxProvider();
}

/**
 * The process's one API, kept on globalThis: the production server's bundle and Astro's (the
 * contact form's plain-HTML post) each carry this module, and a second API would keep its own rate
 * limits and payment secrets.
 */
const API = Symbol.for('quillreads.api');
const shared = globalThis as typeof globalThis & { [API]?: Promise<Api> };

/**
 * The server's one API instance, built on first use: settings parsed, database opened and
 * migrated. A bad setting stops the server with a message that names it. `jobs` (the production
 * server, which runs them) lets the admin console see the job queue; the first call decides.
 */
export function getApi(options: { jobs?: boolean } = {}): Promise<Api> {
  shared[API] ??= serverDeps(options)
    .then(createApi)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
  return shared[API];
}
