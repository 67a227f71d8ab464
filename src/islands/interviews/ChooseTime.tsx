import type { ComponentProps } from 'react';
import type { InterviewDto } from '~/features/interviews/interviews.schema';
import type { Child } from '~/platform/identity/user';
import { pagePath } from '~/platform/routes';
import { formatTimeRange } from '~/platform/time';
import { SelectField } from '../shared/Field';
import { SlotPicker } from './SlotPicker';
import type { InterviewChanges } from './useInterviewChanges';
import type { SlotList } from './useInterviewTimes';

/** What both choices of a time are given: the free times, the visitor's zone, the changes. */
interface Times {
  slots: SlotList;
  zone: string;
  changes: InterviewChanges;
}

/** The first booking: which child (when there are several) and which time. */
export function BookInterview({
  familyChildren,
  chosenChild,
  onChooseChild,
  ...times
}: Times & { familyChildren: readonly Child[]; chosenChild: string; onChooseChild: (id: string) => void }) {
  return (
    <TimePicker
      {...times}
      submitLabel="Book this time"
      busyLabel="Booking…"
      onSubmit={(startsAt) => void times.changes.book(startsAt, chosenChild)}
      before={
        familyChildren.length > 1 && (
          <SelectField
            id="iv-child"
            label="Who is the interview for?"
            className="input"
            value={chosenChild}
            onChange={(e) => onChooseChild(e.target.value)}
            options={familyChildren.map((c) => [c._id, c.name] as const)}
          />
        )
      }
    />
  );
}

/** Moving the booked interview: the current time stays until a new one is confirmed. */
export function MoveInterview({ booked, ...times }: Times & { booked: InterviewDto }) {
  return (
    <>
      <p>
        Now:{' '}
        <time dateTime={booked.startsAt}>
          {formatTimeRange(booked.startsAt, booked.endsAt, 'appointment', { timeZone: times.zone })}
        </time>
        . Your current time stays booked until the new one is confirmed.
      </p>
      <TimePicker
        {...times}
        submitLabel="Move my interview"
        busyLabel="Moving…"
        onSubmit={(startsAt) => void times.changes.move(booked.id, startsAt)}
        after={
          <button type="button" className="btn btn-ghost" onClick={times.changes.keepCurrentTime}>
            Keep the current time
          </button>
        }
      />
    </>
  );
}

type PickerProps = Pick<
  ComponentProps<typeof SlotPicker>,
  'submitLabel' | 'busyLabel' | 'onSubmit' | 'before' | 'after'
>;

/** The free times to choose from, or where to ask when none is left. */
function TimePicker({ slots, zone, changes, ...props }: Times & PickerProps) {
  if (slots.slots.length === 0) {
    return (
      <div className="iv-empty">
        <h3>No free times in the next three weeks</h3>
        <p>
          Every interview time is taken for now. <a href={pagePath('/contact-us')}>Contact us</a> and we will
          find a time with you.
        </p>
      </div>
    );
  }
  return (
    <>
      {slots.guideName && (
        <p className="iv-hint">
          The free times of {slots.guideName}, your child’s reading guide, who will hold the interview.
        </p>
      )}
      <SlotPicker
        slots={slots.slots}
        timeZone={zone}
        busy={changes.busy}
        error={changes.timeError}
        {...props}
      />
    </>
  );
}
