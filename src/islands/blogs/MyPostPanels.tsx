import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { pagePath } from '~/platform/routes';
import type { Load } from './useMyPost';

/** A post that cannot be opened here: not found (or not the family's), or failed to load. */
export function PostUnavailable({ load }: { load: Extract<Load, { status: 'missing' | 'failed' }> }) {
  return (
    <NoticePanel
      id="post-missing"
      className="myblogs-panel surface"
      title={load.status === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
      actions={<ButtonLink href={pagePath('/user/myblogs')}>Back to my blog posts</ButtonLink>}
    >
      <p>
        {load.status === 'missing'
          ? 'It may have been deleted, or the address may be mistyped. Only your family’s own posts open here.'
          : load.message}
      </p>
    </NoticePanel>
  );
}

/** A published post, which can no longer be changed: where to read it. */
export function PostPublished({ title, id }: { title: string; id: string | null }) {
  return (
    <NoticePanel
      id="post-published"
      className="myblogs-panel surface"
      title={<>“{title}” is published</>}
      actions={
        <>
          <ButtonLink href={pagePath('/blogs/{id}', id ?? '')}>Read it on the blog</ButtonLink>
          <ButtonLink href={pagePath('/user/myblogs')} variant="secondary">
            Back to my blog posts
          </ButtonLink>
        </>
      }
    >
      <p>
        Published posts can no longer be changed. If something needs correcting, write to us from the contact
        page.
      </p>
    </NoticePanel>
  );
}
