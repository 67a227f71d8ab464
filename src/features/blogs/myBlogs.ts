import type { BLOG_STATUSES } from '~/platform/domain';
import { DELETABLE_BLOG_STATUSES, EDITABLE_BLOG_STATUSES } from './blogs.schema';

type BlogStatus = (typeof BLOG_STATUSES)[number];

/** How each status reads to a family, with the badge tone it is shown in. */
export const MY_BLOG_STATUS: Record<
  BlogStatus,
  { label: string; tone: 'neutral' | 'info' | 'success' | 'warning' }
> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'Waiting for review', tone: 'info' },
  approved: { label: 'Published', tone: 'success' },
  rejected: { label: 'Needs changes', tone: 'warning' },
};

export const canEditPost = (status: BlogStatus) =>
  (EDITABLE_BLOG_STATUSES as readonly BlogStatus[]).includes(status);
export const canDeletePost = (status: BlogStatus) =>
  (DELETABLE_BLOG_STATUSES as readonly BlogStatus[]).includes(status);
/** A draft or a post returned with a note can be sent (again); one in review already is. */
export const canSubmitPost = (status: BlogStatus) => status === 'draft' || status === 'rejected';

/** Only web addresses that the site will keep: https, written out in full. */
export function parseLinkAddress(input: string): string | undefined {
  const text = input.trim();
  if (!/^https:\/\//i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.href : undefined;
  } catch {
    return undefined;
  }
}
