import { useStore } from '@nanostores/react';
import { $loading, withLoading } from '~/stores/ui';

const DEMO_MS = 3000;

/** Sets the shared loading flag for a few seconds so the site-wide spinner can be seen. */
export function LoadingDemo() {
  const loading = useStore($loading);
  const run = () => withLoading(new Promise((resolve) => setTimeout(resolve, DEMO_MS)));
  return (
    <button type="button" className="btn btn-secondary" onClick={run} disabled={loading}>
      {loading ? 'Loading indicator showing…' : 'Show the loading indicator for 3 seconds'}
    </button>
  );
}
