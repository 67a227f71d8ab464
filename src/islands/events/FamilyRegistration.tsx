import { useStore } from '@nanostores/react';
import type { Dispatch, SetStateAction } from 'react';
import type { FamilyRegistrations } from '~/features/events/events.schema';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { formatTimeRange } from '~/platform/time';
import { ChildRegistration } from './ChildRegistration';
import { seatsLine } from './seatsLine';
import { useRegistrationChanges } from './useRegistrationChanges';

/** The signed-in family's side of an event: the seats, what happened, and a row for each child. */
export function FamilyRegistration({
  eventId,
  eventTitle,
  state,
  setState,
}: {
  eventId: string;
  eventTitle: string;
  state: FamilyRegistrations;
  setState: Dispatch<SetStateAction<FamilyRegistrations | null>>;
}) {
  const user = useStore($userData);
  const changes = useRegistrationChanges(eventId, eventTitle, setState);
  const children = user?.children ?? [];
  return (
    <div className="reg">
      <p className="reg-seats">{seatsLine(state.seatsLeft, state.open)}</p>
      <div role="status" className="reg-live" ref={changes.liveRef} tabIndex={-1}>
        {changes.done && <p className="form-alert form-alert-success">{changes.done}</p>}
      </div>
      <div role="alert" className="reg-live" ref={changes.alertRef} tabIndex={-1}>
        {changes.failure && <p className="form-alert form-alert-error">{changes.failure}</p>}
      </div>
      <RegistrationNotes state={state} />
      {children.length === 0 ? (
        <p>
          Add a child to your family first. <a href={pagePath('/createProfile')}>Add a child</a>
        </p>
      ) : (
        <ul className="reg-children" aria-label="Your children">
          {children.map((child) => (
            <ChildRegistration
              key={child._id}
              child={child}
              registered={state.childIds.includes(child._id)}
              open={state.open}
              seatsLeft={state.seatsLeft}
              changes={changes}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the family needs to know beside the rows: its joining link, a clash with its interview. */
function RegistrationNotes({ state }: { state: FamilyRegistrations }) {
  return (
    <>
      {state.onlineUrl && (
        <p className="reg-online">
          Joining link for your family:{' '}
          <a href={state.onlineUrl} rel="noopener external">
            {state.onlineUrl}
          </a>
          . Please keep it within your family.
        </p>
      )}
      {state.interviewClash && (
        <p className="form-alert form-alert-warning">
          Your introductory interview is booked at the same time (
          {formatTimeRange(state.interviewClash.startsAt, state.interviewClash.endsAt, 'clock')}).{' '}
          <a href={pagePath('/schedule-interview')}>Move the interview</a> if you cannot manage both.
        </p>
      )}
    </>
  );
}
