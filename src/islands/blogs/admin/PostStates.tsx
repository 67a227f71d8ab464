import type { RecordState } from '~/islands/shared/loadState';
import { Waiting } from '~/islands/shared/Spinner';

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
    <section className="admin-panel" aria-labelledby="post-missing">
      <h2 id="post-missing">
        {state.status === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
      </h2>
      <p>
        {state.status === 'missing'
          ? 'It may have been deleted by its family, or the address may be mistyped.'
          : state.message}
      </p>
      <p className="adminblogs-actions">
        {state.status === 'failed' && (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try again
          </button>
        )}
        <a className="btn btn-secondary" href="/admin/approveblogs">
          Back to the review queue
        </a>
      </p>
    </section>
  );
}
