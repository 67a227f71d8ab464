import { lazy, Suspense } from 'react';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { pagePath } from '~/platform/routes';
import { ButtonLink } from '../shared/NoticePanel';
import { WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { seatsLine } from './seatsLine';
import { useFamilyRegistrations } from './useFamilyRegistrations';
import './EventRegistration.css';

// The family's registrations load only once someone is signed in: a visitor's first look at an
// event page does not fetch them.
const FamilyRegistration = lazy(() =>
  import('./FamilyRegistration').then((m) => ({ default: m.FamilyRegistration })),
);

interface Props {
  eventId: string;
  eventTitle: string;
  /** As the page was rendered; the island reads the live number once signed in. */
  seatsLeft: number;
  /** False once the event has started: registered families still find their joining link here. */
  open: boolean;
  loginHref: string;
}

/** Registers the family's children for one event, or cancels; signed-out visitors get a sign-in link. */
export function EventRegistration({ eventId, eventTitle, seatsLeft, open, loginHref }: Props) {
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const { state, setState, loadError } = useFamilyRegistrations(eventId, signedIn);
  const seats = state?.seatsLeft ?? seatsLeft;

  const checking = (
    <div className="reg" aria-busy="true">
      <p className="reg-seats">{seatsLine(seats, open)}</p>
      <WaitLine>Checking your family account…</WaitLine>
    </div>
  );
  if (!hydrated || (signedIn && !state && !loadError)) return checking;

  if (!signedIn) {
    return (
      <div className="reg">
        <p className="reg-seats">{seatsLine(seats, open)}</p>
        {open && seats > 0 && <ButtonLink href={loginHref}>Sign in to register a child</ButtonLink>}
        <p className="reg-note">
          New here? <a href={pagePath('/signup')}>Create a family account</a>.
        </p>
      </div>
    );
  }

  if (loadError || !state) {
    return (
      <p className="form-alert form-alert-error" role="alert">
        {loadError}
      </p>
    );
  }

  return (
    <Suspense fallback={checking}>
      <FamilyRegistration eventId={eventId} eventTitle={eventTitle} state={state} setState={setState} />
    </Suspense>
  );
}
