import { Spinner } from '~/islands/shared/Spinner';
import type { RecordState } from './useRecord';

/** What an edit page shows until its record is ready: a wait, a clear not-found, or a retry. */
export function RecordStates({
  state,
  what,
  backHref,
  backLabel,
  onRetry,
}: {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>;
  what: string;
  backHref: string;
  backLabel: string;
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <p role="status" className="catalogue-loading">
        <Spinner label="" /> Loading the {what}…
      </p>
    );
  }
  if (state.status === 'missing') {
    return (
      <section className="admin-state">
        <h2>This {what} does not exist</h2>
        <p>It may have been deleted, or the address is mistyped.</p>
        <a className="btn btn-primary" href={backHref}>
          {backLabel}
        </a>
      </section>
    );
  }
  return (
    <div className="admin-state" role="alert">
      <p>{state.message}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
