import { pagePath } from '~/platform/routes';
import type { AdminUserView } from './users.schema';

type Tone = 'good' | 'warn' | 'bad' | 'info' | undefined;
type ViewChild = AdminUserView['children'][number];
type ViewPost = AdminUserView['blogs'][number];

/** A child's age as the family gave it: an age band, or else the birth year. */
export function ageText(child: Pick<ViewChild, 'ageBand' | 'birthYear'>): string {
  if (child.ageBand) return `Ages ${child.ageBand.replace('-', '–')}`;
  if (child.birthYear) return `Born ${child.birthYear}`;
  return 'Not given';
}

/**
 * Where the team opens a family's post: the review page while it waits or after a rejection, the
 * public page once published. Drafts are the family's own until submitted: no link.
 */
export function postLink(post: Pick<ViewPost, 'id' | 'status'>): { href: string; label: string } | null {
  if (post.status === 'approved')
    return { href: pagePath('/blogs/{id}', post.id), label: 'Read on the site' };
  if (post.status === 'submitted')
    return { href: pagePath('/admin/unapprovedblogs/{id}', post.id), label: 'Review' };
  if (post.status === 'rejected')
    return { href: pagePath('/admin/unapprovedblogs/{id}', post.id), label: 'Open' };
  return null;
}

export const STATUS_WORDS: Record<string, { label: string; tone: Tone }> = {
  // orders
  pending: { label: 'Pending', tone: 'warn' },
  paid: { label: 'Paid', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  refunded: { label: 'Refunded', tone: 'info' },
  cancelled: { label: 'Cancelled', tone: undefined },
  // blog posts
  draft: { label: 'Draft', tone: undefined },
  submitted: { label: 'Waiting for review', tone: 'warn' },
  approved: { label: 'Published', tone: 'good' },
  rejected: { label: 'Not approved', tone: 'bad' },
  // inquiries
  new: { label: 'New', tone: 'warn' },
  in_progress: { label: 'In progress', tone: 'info' },
  answered: { label: 'Answered', tone: 'good' },
};

export function statusWords(status: string): { label: string; tone: Tone } {
  return STATUS_WORDS[status] ?? { label: status, tone: undefined };
}
