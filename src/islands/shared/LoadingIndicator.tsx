import { useStore } from '@nanostores/react';
import { $loading } from '~/platform/client/ui.store';
import { Spinner } from './Spinner';
import './LoadingIndicator.css';

/**
 * The site-wide spinner, shown while the shared loading flag is set. The status region
 * stays in the page so screen readers announce the change when loading starts.
 */
export function LoadingIndicator() {
  const loading = useStore($loading);
  return (
    <div className="qr-loading" role="status">
      {loading && (
        <div className="qr-loading-pill">
          <Spinner label="Loading, please wait…" />
        </div>
      )}
    </div>
  );
}
