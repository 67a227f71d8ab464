import { Spinner } from '~/islands/shared/Spinner';
import type { PostLoad } from './usePost';

/** What the post pages show before the post is there: opening, not found, or failed. */
export function PostStates({
  load,
  onRetry,
}: {
  load: Exclude<PostLoad, { state: 'ready' }>;
  onRetry: () => void;
}) {
  if (load.state === 'loading') {
    return (
      <div role="status" className="guard-wait">
        <Spinner label="" />
        <p>Opening the post…</p>
      </div>
    );
  }
  return (
    <section className="admin-panel" aria-labelledby="post-missing">
      <h2 id="post-missing">
        {load.state === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
      </h2>
      <p>
        {load.state === 'missing'
          ? 'It may have been deleted by its family, or the address may be mistyped.'
          : load.message}
      </p>
      <p className="adminblogs-actions">
        {load.state === 'failed' && (
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
