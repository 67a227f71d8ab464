import { LoadFailed } from '~/islands/shared/admin/ListControls';
import type { RecordState } from '~/islands/shared/admin/useRecord';
import { Spinner } from '~/islands/shared/Spinner';

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
  return <LoadFailed message={state.message} onRetry={onRetry} />;
}
