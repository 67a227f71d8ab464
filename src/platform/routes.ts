import type { Access } from './access';

/** One route of the specification: its path pattern (`{id}` for a parameter), title and who may open it. */
interface RouteInfo {
  path: string;
  title: string;
  access: Access;
  /** A page the product needs that the specification does not list (the admin user list, the contact form's answer). */
  beyondSpec?: true;
}

/** Every route of the specification, section 2, and the few the product adds. Tests, the guard and the sitemap read this list. */
const ROUTE_LIST = [
  { path: '/', title: 'Reading programs for children and their parents', access: 'public' },
  { path: '/signup', title: 'Create your family account', access: 'public' },
  { path: '/archives', title: 'Blog archives', access: 'public' },
  { path: '/blogs', title: 'Blogs', access: 'public' },
  { path: '/blogs/{id}', title: 'Blog post', access: 'public' },
  { path: '/events', title: 'Events', access: 'public' },
  { path: '/podcast', title: 'Podcast', access: 'public' },
  { path: '/contact-us', title: 'Contact us', access: 'public' },
  { path: '/elements', title: 'Elements: the Quill Reads style guide', access: 'public' },
  { path: '/programs', title: 'Rated Reads programs', access: 'public' },
  { path: '/summer-programs', title: 'Summer programs', access: 'public' },
  { path: '/check-out', title: 'Check-out', access: 'public' },
  { path: '/company', title: 'Our company', access: 'public' },
  { path: '/mission', title: 'Our mission', access: 'public' },
  { path: '/privacy-policy', title: 'Privacy policy', access: 'public' },
  { path: '/terms-of-use', title: 'Terms of use', access: 'public' },
  { path: '/contact', title: 'Contact', access: 'public' },
  { path: '/program-details', title: 'Program details', access: 'public' },
  { path: '/a-bridged-program', title: 'The A-Bridged condensed program', access: 'public' },
  { path: '/confirmation', title: 'Order confirmation', access: 'public' },
  { path: '/schedule-interview', title: 'Schedule your introductory interview', access: 'public' },
  { path: '/login', title: 'Sign in', access: 'public' },

  { path: '/admin/blogwriting', title: 'Write a blog post', access: 'admin' },
  { path: '/admin/test-payment', title: 'Test payment', access: 'admin' },
  { path: '/admin/create-new-account', title: 'Create a new account', access: 'admin' },
  { path: '/admin/podcastupdate', title: 'Podcast episodes', access: 'admin' },
  { path: '/readonance/oration', title: 'Read-aloud practice', access: 'signed-in' },
  { path: '/admin/approveblogs', title: 'Blogs waiting for review', access: 'admin' },
  { path: '/admin/unapprovedblogs/{id}', title: 'Review a blog post', access: 'admin' },
  { path: '/admin/editunapprovedblog/{id}', title: 'Edit a submitted blog post', access: 'admin' },
  { path: '/admin/allBooks', title: 'Book catalogue', access: 'admin' },
  { path: '/admin/allReadonance', title: 'Read-aloud passages', access: 'admin' },
  { path: '/admin/eventupdate', title: 'Events', access: 'admin' },
  { path: '/admin/create-plans', title: 'Plans', access: 'admin' },
  { path: '/profile', title: 'Your family profile', access: 'signed-in' },
  { path: '/update-profile', title: 'Update your profile', access: 'signed-in' },
  { path: '/user/myblogs', title: 'My blog posts', access: 'signed-in' },
  { path: '/user/myblogs/{id}', title: 'Edit my blog post', access: 'signed-in' },
  { path: '/admin/users/{id}', title: 'Manage a user', access: 'admin' },
  { path: '/admin/inquiries', title: 'Inquiries', access: 'admin' },
  { path: '/admin/inquiries/{id}', title: 'Inquiry', access: 'admin' },
  { path: '/updatePlan/{id}', title: 'Update a plan', access: 'admin' },
  { path: '/updateBooks/{id}', title: 'Update a book', access: 'admin' },
  { path: '/updateReadonance/{id}', title: 'Update a read-aloud passage', access: 'admin' },
  { path: '/book-history/{id}', title: 'Reading history', access: 'signed-in' },
  { path: '/view-user-page/{id}', title: 'User details', access: 'admin' },
  { path: '/createProfile', title: 'Add a child', access: 'signed-in' },
  { path: '/notification', title: 'Notifications', access: 'signed-in' },

  // Beyond the specification: where admins find an account to manage, the audit log they read, and
  // the interview bookings (issue 13, item 8).
  { path: '/admin/users', title: 'Accounts', access: 'admin', beyondSpec: true },
  { path: '/admin/audit', title: 'Audit log', access: 'admin', beyondSpec: true },
  { path: '/admin/interviews', title: 'Interview bookings', access: 'admin', beyondSpec: true },
  // Beyond the specification: the background jobs, queued, failed and retried (issue 15).
  { path: '/admin/jobs', title: 'Background jobs', access: 'admin', beyondSpec: true },
  // Beyond the specification: the enrolled children and each child's weekly plans, read-only
  // (issue 24, item 7).
  { path: '/admin/enrolments', title: 'Enrolled children', access: 'admin', beyondSpec: true },
  { path: '/admin/enrolments/{id}', title: 'A child’s program', access: 'admin', beyondSpec: true },
  // Reading guides (issue 27): who follows which child, and the guides' own console.
  { path: '/admin/guides', title: 'Reading guides', access: 'admin', beyondSpec: true },
  { path: '/guide', title: 'Your readers', access: 'guide', beyondSpec: true },
  { path: '/guide/children/{id}', title: 'A reader you follow', access: 'guide', beyondSpec: true },
  { path: '/guide/recordings/{id}', title: 'Running record', access: 'guide', beyondSpec: true },
  { path: '/guide/interviews', title: 'Your interviews', access: 'guide', beyondSpec: true },
  // Progress reports (issue 27): every four weeks of a renewing program and at a program's end.
  { path: '/reports/{id}', title: 'Progress report', access: 'signed-in', beyondSpec: true },
  // Beyond the specification: the receipt of each payment, printable (issue 26).
  { path: '/receipt', title: 'Receipt', access: 'signed-in', beyondSpec: true },

  // Beyond the specification: a child's weekly plan and finished-books wall on pages of their own,
  // printable (issue 15).
  { path: '/reading-plan/{id}', title: 'Reading plan', access: 'signed-in', beyondSpec: true },
  { path: '/reading-wall/{id}', title: 'Finished-books wall', access: 'signed-in', beyondSpec: true },

  // Beyond the specification, public: the contact form without JavaScript posts to /contact/send
  // (a GET there goes to /contact), which answers with the form again or sends the visitor on to
  // /contact/sent. Both stay out of the sitemap.
  { path: '/contact/send', title: 'Send a message', access: 'public', beyondSpec: true },
  { path: '/contact/sent', title: 'Message sent', access: 'public', beyondSpec: true },
  // Beyond the specification, public: where an email's "Unsubscribe" leads (its token is the key).
  { path: '/email-preferences', title: 'Email preferences', access: 'public', beyondSpec: true },
] as const satisfies readonly RouteInfo[];

/** Every route, as the guard, the sitemap and the tests read them. */
export const ROUTES: readonly RouteInfo[] = ROUTE_LIST;

/** The public pages beyond the specification: the steps of the contact form without JavaScript. */
export const PUBLIC_BEYOND_SPEC = ['/contact/send', '/contact/sent', '/email-preferences'] as const;

/**
 * Pages a link may point to that the route table leaves out, so that the guard, the sitemap's list
 * of fixed pages and the route tests stay as they are: an event's page is public, rendered on demand
 * with the event's own title, and the sitemap lists each event from the database. Feeds and files
 * (the blog's rss.xml, an event's .ics, a podcast transcript, stored media) are not pages: their
 * features name their paths.
 */
const PAGES_BEYOND_ROUTES = [{ path: '/events/{id}' }] as const;

// This table and the compiled ones below are built in calls marked pure, so that a browser bundle
// that only links (pagePath) leaves the route table out: a bundler drops an unused call's result only
// when told it has no side effects.

/** Every page a link may point to: the route table's, then the few beyond it. */
export const LINKED_PAGES: readonly { path: string }[] = /* @__PURE__ */ [
  ROUTE_LIST,
  PAGES_BEYOND_ROUTES,
].flat();

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part === '{id}' ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const compiled = /* @__PURE__ */ ROUTES.map((route) => ({ route, re: patternToRegExp(route.path) }));

/** The spec route a path belongs to, or undefined for an unknown path (the 404 page). */
export function findRoute(pathname: string): RouteInfo | undefined {
  return compiled.find(({ re }) => re.test(pathname))?.route;
}

const compiledPages = /* @__PURE__ */ LINKED_PAGES.map((page) => ({ page, re: patternToRegExp(page.path) }));

/** The page a path belongs to, among every page a link may point to, or undefined. */
export function findPage(pathname: string): { path: string } | undefined {
  return compiledPages.find(({ re }) => re.test(pathname))?.page;
}

export function accessFor(pathname: string): Access {
  return findRoute(pathname)?.access ?? 'public';
}

/** A concrete path for a pattern, filling `{id}` with the given value. */
export function pathFor(route: RouteInfo, id = 'example'): string {
  return route.path.replace('{id}', encodeURIComponent(id));
}

/** A route's path pattern, as ROUTES lists it: '/profile', '/admin/users/{id}'. */
export type RoutePattern = (typeof ROUTE_LIST)[number]['path'];

/** A page a link may point to: a route of ROUTES or one of the pages beyond it ('/events/{id}'). */
export type PagePattern = RoutePattern | (typeof PAGES_BEYOND_ROUTES)[number]['path'];

/** What a link to a page may add: the query (values left out when undefined) and a fragment. */
export interface PageLinkExtras {
  query?: Record<string, string | number | undefined>;
  hash?: string;
}

type NeedsId<P extends string> = P extends `${string}{id}${string}` ? true : false;

/** A page link's arguments: the id for a pattern with `{id}`, then the extras. */
export type PagePathArgs<P extends PagePattern> =
  NeedsId<P> extends true ? [id: string, extras?: PageLinkExtras] : [extras?: PageLinkExtras];

/**
 * A link to a page of ROUTES or beyond it, typed: `pagePath('/profile')`, `pagePath('/admin/users/{id}', id)`,
 * `pagePath('/profile', { query: { tab: 'reading' }, hash: 'log' })`. A page that does not exist, or a
 * missing id, is a type error; the id and the query's values are encoded.
 */
export function pagePath<P extends PagePattern>(pattern: P, ...args: PagePathArgs<P>): string {
  const [first, second] = args as [string | PageLinkExtras | undefined, PageLinkExtras | undefined];
  const id = typeof first === 'string' ? first : undefined;
  const extras = (typeof first === 'string' ? second : first) ?? {};
  const path = id === undefined ? pattern : pattern.replace('{id}', encodeURIComponent(id));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(extras.query ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${path}${search}${extras.hash ? `#${extras.hash}` : ''}`;
}
