import type { RecordState } from '~/islands/shared/loadState';
import { pagePath } from '~/platform/routes';
import { WaitLine } from '../shared/Spinner';

/** What a family page says until its record is there: loading, not in this family, or the failure. */
export function NotReady({
  state,
  loading,
  missing,
}: {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>;
  loading: string;
  missing: string;
}) {
  if (state.status === 'loading') return <WaitLine role="status">{loading}</WaitLine>;
  return (
    <p className="plan-empty" role="alert">
      {state.status === 'missing' ? (
        <>
          {missing} <a href={pagePath('/profile')}>Back to your profile</a>
        </>
      ) : (
        state.message
      )}
    </p>
  );
}
