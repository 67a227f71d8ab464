import { Component, lazy, type ReactNode, Suspense } from 'react';
import { SCHEDULE_PATH } from '~/features/interviews/interviews';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { loginPathFor } from '~/platform/access';
import { pagePath } from '~/platform/routes';
import { ButtonLink } from '../shared/NoticePanel';
import { WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { LoadingTimes } from './LoadingTimes';
import './ScheduleInterview.css';

// The booking itself (times, dialogs, the API's schemas) is loaded for signed-in families only, so a
// first visit stays within the page's JavaScript budget (npm run bench:pages).
const loadBooking = () =>
  lazy(() => import('./InterviewBooking').then((m) => ({ default: m.InterviewBooking })));

interface LoaderState {
  failed: boolean;
  Booking: ReturnType<typeof loadBooking>;
}

/**
 * When the booking's code cannot load (offline, or a page opened before a new version of the site),
 * the card says so and offers to try again instead of going blank.
 */
class BookingLoader extends Component<Record<string, never>, LoaderState> {
  override state: LoaderState = { failed: false, Booking: loadBooking() };

  static getDerivedStateFromError(): Partial<LoaderState> {
    return { failed: true };
  }

  override render(): ReactNode {
    const { failed, Booking } = this.state;
    if (failed) {
      return (
        <div className="iv-card">
          <p className="form-alert form-alert-error" role="alert">
            The interview times could not be loaded. Check your connection, then try again; if it keeps
            failing, reload the page.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => this.setState({ failed: false, Booking: loadBooking() })}
          >
            Try again
          </button>
        </div>
      );
    }
    return (
      <Suspense fallback={<LoadingTimes />}>
        <Booking />
      </Suspense>
    );
  }
}

/** The interview card: an invitation to sign in, or the family's booking. */
export function ScheduleInterview() {
  const hydrated = useHydrated();
  const signedIn = useSignedIn();

  if (!hydrated) {
    return (
      <div className="iv-card" aria-busy="true">
        <WaitLine>Checking your family account…</WaitLine>
      </div>
    );
  }

  if (!signedIn) {
    return (
      <div className="iv-card">
        <h2>Book your interview</h2>
        <p>
          Sign in to see the free times of the next three weeks and choose the one that suits your family.
        </p>
        <ButtonLink href={loginPathFor(SCHEDULE_PATH)}>Sign in to book an interview</ButtonLink>
        <p className="iv-hint">
          New here? <a href={pagePath('/signup')}>Create a family account</a>.
        </p>
      </div>
    );
  }

  return <BookingLoader />;
}
