import { useStore } from '@nanostores/react';
import { $loading, withLoading } from '~/platform/client/ui.store';

const DEMO_MS = 3000;

/** Sets the shared loading flag for a few seconds so the site-wide spinner can be seen. */
export function LoadingDemo() {
  const loading = useStore($loading);
  const run = () => {
    if (!loading) void withLoading(new Promise((resolve) => setTimeout(resolve, DEMO_MS)));
  };
  // aria-disabled rather than disabled: a disabled button would throw keyboard focus away.
  return (
    <button type="button" className="btn btn-secondary" onClick={run} aria-disabled={loading}>
      {loading ? 'Loading indicator showing…' : 'Show the loading indicator for 3 seconds'}
    </button>
  );
}
