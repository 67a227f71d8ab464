import { useId, useState } from 'react';
import { guidesApi } from '~/features/guides/guides.api';
import { type GuideChildDetail, MAX_WEEKLY_NOTE } from '~/features/guides/guides.schema';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { formatDay } from '~/platform/time';

type Week = GuideChildDetail['programs'][number]['plans'][number];

const weekLabel = (week: Week) =>
  `Week ${week.weekIndex + 1}, ${formatDay(week.startsOn, 'shortDate')}${week.underWay ? ' (this week)' : ''}`;

/** The note of one week: written, saved with the version it replaces, and what happened. */
function NoteForm({
  childId,
  childName,
  week,
  onSaved,
}: {
  childId: string;
  childName: string;
  week: Week;
  onSaved: (note: NonNullable<Week['guideNote']>) => void;
}) {
  const id = useId();
  const [body, setBody] = useState(week.guideNote?.body ?? '');
  const [version, setVersion] = useState(week.guideNote?.version ?? 0);
  const [message, setMessage] = useState('');
  const { submit, pending, errors } = useSubmit();
  const save = async (key: string) => {
    const note = await call(guidesApi.note, {
      params: { id: childId, weekId: week.id },
      body: { body, version },
      idempotencyKey: key,
    });
    setVersion(note.version);
    onSaved(note);
    setMessage(
      note.version === 1
        ? `Saved. ${childName}’s family has been told.`
        : 'Saved. The family sees the new note.',
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMessage('');
        void submit(save, { fallback: 'The note could not be saved. Check your connection and try again.' });
      }}
    >
      <FormAlert message={errors.version ?? errors.form} />
      <LongTextField
        id={`${id}-body`}
        label={`Your note for week ${week.weekIndex + 1}`}
        hint="What went well, what to try next week. The family reads it on the week’s plan."
        value={body}
        max={MAX_WEEKLY_NOTE}
        error={errors.body}
        onValue={setBody}
        rows={5}
      />
      <button type="submit" className="btn btn-primary btn-small" aria-disabled={pending !== null}>
        {pending !== null ? 'Saving…' : version === 0 ? 'Send the note' : 'Save the changes'}
      </button>
      <div role="status">{message && <p className="form-alert form-alert-success">{message}</p>}</div>
    </form>
  );
}

/**
 * The guide's weekly note to the family: one per week of the child's current program, the week
 * under way first; an earlier week can be chosen to read or change its note.
 */
export function WeeklyNote({ view }: { view: GuideChildDetail }) {
  const id = useId();
  // The program running now (a renewal booked after it comes first in the list), else the latest.
  const program = view.programs.find((p) => p.state === 'current') ?? view.programs[0];
  // Notes saved on this page, so a week chosen again shows its latest note and version.
  const [saved, setSaved] = useState<Record<string, NonNullable<Week['guideNote']>>>({});
  const weeks = [...(program?.plans ?? [])]
    .reverse()
    .map((w) => ({ ...w, guideNote: saved[w.id] ?? w.guideNote }));
  const [chosen, setChosen] = useState(weeks[0]?.id ?? '');
  const week = weeks.find((w) => w.id === chosen);
  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Weekly note to the family</h2>
      {weeks.length === 0 ? (
        <p>{view.child.name} has no weekly plan yet: you can write once the first week starts.</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-week`}>Week</label>
            <select
              className="select"
              id={`${id}-week`}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            >
              {weeks.map((w) => (
                <option key={w.id} value={w.id}>
                  {weekLabel(w)}
                  {w.guideNote ? ', note written' : ''}
                </option>
              ))}
            </select>
          </div>
          {week && (
            <NoteForm
              key={week.id}
              childId={view.child.id}
              childName={view.child.name}
              week={week}
              onSaved={(note) => setSaved((all) => ({ ...all, [week.id]: note }))}
            />
          )}
        </>
      )}
    </section>
  );
}
