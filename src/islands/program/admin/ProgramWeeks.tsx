import { ENROLMENT_STATE_LABELS, weekText } from '~/features/program/adminEnrolments';
import type { EnrolmentProgram, EnrolmentWeek } from '~/features/program/adminEnrolments.schema';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { formatDay } from '~/platform/time';
import { PlanStanding } from './EnrolmentsList';

const dayText = (day: string) => formatDay(day, 'listDay');

/** The week's sessions: each day's planned minutes and the minutes logged that day. */
function Sessions({ week }: { week: EnrolmentWeek }) {
  const read = week.sessions.filter((s) => s.readMinutes > 0).length;
  return (
    <>
      <span className="enrolment-nowrap">
        {read} of {week.sessions.length} days read
      </span>
      <ul className="enrolment-cell-list">
        {week.sessions.map((session) => (
          <li key={session.day}>
            {formatDay(session.day, 'axisDay')}: {session.readMinutes} of {session.minutes} min
          </li>
        ))}
      </ul>
    </>
  );
}

/** The week's books, each marked read (in the log since the week began) or not yet. */
function Books({ week }: { week: EnrolmentWeek }) {
  if (week.books.length === 0) return <span className="hint">Any book the child chose</span>;
  const done = week.books.filter((b) => b.done).length;
  return (
    <>
      <span className="enrolment-nowrap">
        {done} of {week.books.length} read
      </span>
      <ul className="enrolment-cell-list enrolment-books">
        {week.books.map((book) => (
          <li key={`${book.bookId ?? ''}-${book.title}`} data-done={book.done}>
            <span aria-hidden="true">{book.done ? '✓' : '○'}</span> {book.title}
            <span className="sr-only">{book.done ? ', read' : ', not read yet'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function WeekStanding({ week }: { week: EnrolmentWeek }) {
  if (week.underWay)
    return (
      <span className="status-pill" data-tone="info">
        Under way
      </span>
    );
  return week.missed ? (
    <span className="status-pill" data-tone="bad">
      Missed
    </span>
  ) : (
    <span className="status-pill" data-tone="good">
      Done
    </span>
  );
}

/** One of the child's programs: its dates and standing, then every weekly plan with its reading. */
export function ProgramWeeks({ program, childName }: { program: EnrolmentProgram; childName: string }) {
  const headingId = `program-${program.id}`;
  return (
    <section className="admin-panel enrolment-program" aria-labelledby={headingId}>
      <div className="head-row enrolment-program-head">
        <h2 id={headingId}>{program.programName}</h2>
        <PlanStanding row={program} />
      </div>
      <dl className="admin-details">
        <dt>Dates</dt>
        <dd>
          {dayText(program.startsOn)} to {dayText(program.endsOn)} ({ENROLMENT_STATE_LABELS[program.state]})
        </dd>
        <dt>Week</dt>
        <dd>{weekText(program.week, program.weeks)}</dd>
        <dt>Weeks missed</dt>
        <dd>
          {program.missedWeeks} <span className="hint">(ended under half their goal)</span>
        </dd>
      </dl>
      {program.plans.length === 0 ? (
        <p className="enrolment-none">
          {program.state === 'upcoming'
            ? `No weekly plan yet: the first is made when the program begins.`
            : 'No weekly plan was made for this program.'}
        </p>
      ) : (
        <Table
          caption={`${childName}’s weeks of ${program.programName}`}
          className="enrolment-weeks"
          head={headings(['Week', 'Dates', 'Level', 'Minutes', 'Sessions', 'Books', 'Read-aloud', 'Result'])}
        >
          {program.plans.map((week) => (
            <WeekRow key={week.id} week={week} />
          ))}
        </Table>
      )}
    </section>
  );
}

/** One week of the program: its dates, level, minutes against the goal, sessions, books and result. */
function WeekRow({ week }: { week: EnrolmentProgram['plans'][number] }) {
  return (
    <tr>
      <th scope="row" className="enrolment-nowrap">
        Week {week.weekIndex + 1}
      </th>
      <td data-label="Dates" className="enrolment-nowrap">
        {dayText(week.startsOn)} to
        <br />
        {dayText(week.endsOn)}
      </td>
      <td data-label="Level">{READING_LEVEL_LABELS[week.readingLevel]}</td>
      <td data-label="Minutes" className="enrolment-nowrap">
        {week.minutesRead} of {week.goalMinutes}
      </td>
      <td data-label="Sessions">
        <Sessions week={week} />
      </td>
      <td data-label="Books">
        <Books week={week} />
      </td>
      <td data-label="Read-aloud">
        {week.passage ? week.passage.title : <span className="hint">None</span>}
      </td>
      <td data-label="Result">
        <WeekStanding week={week} />
      </td>
    </tr>
  );
}
