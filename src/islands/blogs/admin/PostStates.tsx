import type { ReactNode } from 'react';
import type { RecordState } from '~/islands/shared/loadState';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { Waiting } from '~/islands/shared/Spinner';
import { pagePath } from '~/platform/routes';

/** What the post pages show before the post is there: opening, not found, or failed. */
export function PostStates({
  state,
  onRetry,
}: {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>;
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return <Waiting>Opening the post…</Waiting>;
  }
  return (
    <NoticePanel
      id="post-missing"
      className="admin-panel"
      title={state.status === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
      actionsClass="adminblogs-actions"
      actions={
        <>
          {state.status === 'failed' && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
          )}
          <ButtonLink href={pagePath('/admin/approveblogs')} variant="secondary">
            Back to the review queue
          </ButtonLink>
        </>
      }
    >
      <p>
        {state.status === 'missing'
          ? 'It may have been deleted by its family, or the address may be mistyped.'
          : state.message}
      </p>
    </NoticePanel>
  );
}

/** A post this page does not handle (not a team draft, no longer waiting): why, and the ways on. */
export function NotHerePanel({
  id,
  title,
  postId,
  back,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  postId: string;
  /** The second way on: its address and its words. */
  back: [href: string, label: string];
  children: ReactNode;
}) {
  return (
    <NoticePanel
      id={id}
      className="admin-panel"
      title={title}
      actionsClass="adminblogs-actions"
      actions={
        <>
          <ButtonLink href={pagePath('/admin/unapprovedblogs/{id}', postId)}>See the post</ButtonLink>
          <ButtonLink href={back[0]} variant="secondary">
            {back[1]}
          </ButtonLink>
        </>
      }
    >
      {children}
    </NoticePanel>
  );
}
