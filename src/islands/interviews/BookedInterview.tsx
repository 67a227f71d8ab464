import type { InterviewDto } from '~/features/interviews/interviews.schema';
import { formatTimeRange } from '~/platform/time';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { downloadIcs } from './downloadIcs';
import type { InterviewChanges } from './useInterviewChanges';

/** The booked interview: when, how to join, and the buttons that add, move or cancel it. */
export function BookedInterview({
  booked,
  zone,
  changes,
}: {
  booked: InterviewDto;
  /** The visitor's own time zone, in which the time is shown. */
  zone: string;
  changes: InterviewChanges;
}) {
  const when = formatTimeRange(booked.startsAt, booked.endsAt, 'appointment', { timeZone: zone });
  return (
    <>
      <p className="iv-when">
        <time dateTime={booked.startsAt}>{when}</time>
      </p>
      <p className="iv-hint">
        {booked.childName ? `For ${booked.childName}. ` : ''}
        {booked.guideName ? `With ${booked.guideName}, a Quill Reads reading guide. ` : ''}Shown in your time
        zone ({zone.replaceAll('_', ' ')}).
      </p>
      <HowToJoin booked={booked} />
      <div className="iv-actions">
        <button type="button" className="btn btn-primary" onClick={() => downloadIcs(booked)}>
          Add to calendar (.ics)
        </button>
        <button type="button" className="btn btn-secondary" onClick={changes.startRescheduling}>
          Reschedule
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => changes.setConfirmCancel(true)}>
          Cancel interview
        </button>
      </div>
      {changes.confirmCancel && (
        <ConfirmDialog
          title="Cancel your interview?"
          confirmLabel="Yes, cancel the interview"
          cancelLabel="Keep the interview"
          danger
          busy={changes.busy}
          onConfirm={() => void changes.cancel(booked.id)}
          onCancel={() => changes.setConfirmCancel(false)}
        >
          <p>
            The interview on {when} will be cancelled and the time offered to other families. You can book
            another time afterwards.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** How to join the call: the video link, or the phone number to ring instead. */
function HowToJoin({ booked }: { booked: InterviewDto }) {
  return (
    <section className="iv-join" aria-labelledby="iv-join-heading">
      <h3 id="iv-join-heading">How to join</h3>
      <p>
        At the time, open your video call: no account or download needed, a phone or a computer with a camera
        and microphone is enough.
      </p>
      <p>
        <a className="btn btn-secondary" href={booked.joinUrl} target="_blank" rel="noopener noreferrer">
          Join the video call<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <p className="iv-hint">
        Rather talk by phone? Ring <a href={`tel:${booked.phone.replace(/[^\d+]/g, '')}`}>{booked.phone}</a>{' '}
        at that time. The link and number are also in your notification and the calendar file.
      </p>
    </section>
  );
}
