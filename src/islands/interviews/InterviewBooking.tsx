import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { upcomingInterview } from '~/features/interviews/interviews';
import { $activeChild, $userData } from '~/platform/identity/session.store';
import { BookedInterview } from './BookedInterview';
import { BookInterview, MoveInterview } from './ChooseTime';
import { InterviewCard } from './InterviewCard';
import { LoadingTimes } from './LoadingTimes';
import { useInterviewChanges } from './useInterviewChanges';
import { useInterviewTimes } from './useInterviewTimes';

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Books, shows, moves and cancels the family's introductory interview: the part of the page for a
 * signed-in family, loaded only for them (ScheduleInterview.tsx).
 */
export function InterviewBooking() {
  const user = useStore($userData);
  const active = useStore($activeChild);
  const [childId, setChildId] = useState<string>('');
  const [bookedChild, setBookedChild] = useState('');
  const children = user?.children ?? [];
  // The child shown in the picker is the one booked for: the family's choice, else the active child.
  const chosenChild = childId || active?._id || children[0]?._id || '';
  // A booked interview's times are those of its own child's guide (for moving it).
  const { slots, interviews, loadError, load } = useInterviewTimes(bookedChild || chosenChild);
  const changes = useInterviewChanges(load);
  const zone = visitorZone();
  const booked = interviews ? upcomingInterview(interviews, new Date()) : undefined;
  useEffect(() => setBookedChild(booked?.childId ?? ''), [booked?.childId]);

  if (!loadError && (!slots || !interviews)) return <LoadingTimes />;

  if (loadError || !slots || !interviews) {
    return (
      <div className="iv-card">
        <p className="form-alert form-alert-error" role="alert">
          {loadError}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }

  if (booked && !changes.rescheduling) {
    return (
      <InterviewCard heading="Your interview is booked" changes={changes}>
        <BookedInterview booked={booked} zone={zone} changes={changes} />
      </InterviewCard>
    );
  }
  if (booked) {
    return (
      <InterviewCard heading="Move your interview" changes={changes}>
        <MoveInterview booked={booked} slots={slots} zone={zone} changes={changes} />
      </InterviewCard>
    );
  }
  return (
    <InterviewCard heading="Book your interview" changes={changes}>
      <BookInterview
        slots={slots}
        zone={zone}
        changes={changes}
        familyChildren={children}
        chosenChild={chosenChild}
        onChooseChild={setChildId}
      />
    </InterviewCard>
  );
}
