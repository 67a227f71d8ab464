import { ADMIN_HOME } from '~/platform/access';
import { type PagePattern, pagePath } from '~/platform/routes';

/** The admin console's sections, in the order the navigation shows them. */
interface AdminSection {
  href: string;
  label: string;
  /** Route patterns that belong to the section (its detail and edit pages). */
  matches: readonly PagePattern[];
  /** Which waiting count the link carries. */
  count?: 'blogsWaiting' | 'inquiriesNew';
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    href: ADMIN_HOME,
    label: 'Blog reviews',
    matches: ['/admin/approveblogs', '/admin/unapprovedblogs/{id}', '/admin/editunapprovedblog/{id}'],
    count: 'blogsWaiting',
  },
  { href: pagePath('/admin/blogwriting'), label: 'Write a post', matches: ['/admin/blogwriting'] },
  { href: pagePath('/admin/allBooks'), label: 'Books', matches: ['/admin/allBooks', '/updateBooks/{id}'] },
  {
    href: pagePath('/admin/allReadonance'),
    label: 'Read-aloud passages',
    matches: ['/admin/allReadonance', '/updateReadonance/{id}'],
  },
  {
    href: pagePath('/admin/create-plans'),
    label: 'Plans',
    matches: ['/admin/create-plans', '/updatePlan/{id}'],
  },
  { href: pagePath('/admin/eventupdate'), label: 'Events', matches: ['/admin/eventupdate'] },
  { href: pagePath('/admin/podcastupdate'), label: 'Podcast', matches: ['/admin/podcastupdate'] },
  {
    href: pagePath('/admin/inquiries'),
    label: 'Inquiries',
    matches: ['/admin/inquiries', '/admin/inquiries/{id}'],
    count: 'inquiriesNew',
  },
  { href: pagePath('/admin/interviews'), label: 'Interviews', matches: ['/admin/interviews'] },
  {
    href: pagePath('/admin/users'),
    label: 'Accounts',
    matches: ['/admin/users', '/admin/users/{id}', '/view-user-page/{id}', '/admin/create-new-account'],
  },
  {
    href: pagePath('/admin/enrolments'),
    label: 'Enrolled children',
    matches: ['/admin/enrolments', '/admin/enrolments/{id}'],
  },
  { href: pagePath('/admin/guides'), label: 'Reading guides', matches: ['/admin/guides'] },
  { href: pagePath('/admin/audit'), label: 'Audit log', matches: ['/admin/audit'] },
  { href: pagePath('/admin/jobs'), label: 'Background jobs', matches: ['/admin/jobs'] },
  { href: pagePath('/admin/test-payment'), label: 'Test payment', matches: ['/admin/test-payment'] },
];

/** The section a route pattern belongs to. */
export const sectionOf = (route: string) =>
  ADMIN_SECTIONS.find((s) => s.matches.some((pattern) => pattern === route));
