import { WaitLine } from '../shared/Spinner';

/** The card while the free times load (and while the booking's code does). */
export function LoadingTimes() {
  return (
    <div className="iv-card" aria-busy="true">
      <WaitLine>Loading the free times…</WaitLine>
    </div>
  );
}
