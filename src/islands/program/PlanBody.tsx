import type { ChildPlanDto, WeeklyPlanDto } from '~/features/program/program.schema';
import { pagePath } from '~/platform/routes';
import { PlanBook } from './PlanBook';
import { shortDay } from './planDates';

/** The week's plan: how far along it is, its books, its daily sessions and its read-aloud passage. */
export function PlanBody({ view, plan, page }: { view: ChildPlanDto; plan: WeeklyPlanDto; page: boolean }) {
  return (
    <>
      {view.state === 'ended' && (
        <p className="plan-note">The program has ended; this was {view.childName}’s last week.</p>
      )}
      <PlanGlance view={view} plan={plan} />
      {plan.guideNote && (
        <aside className="plan-guide-note" aria-label={`A note from ${plan.guideNote.guideName}`}>
          <p className="plan-guide-note-from">
            A note from {plan.guideNote.guideName}, {view.childName}’s reading guide
          </p>
          <p className="plan-guide-note-body">{plan.guideNote.body}</p>
        </aside>
      )}

      <h3 className="plan-subtitle">This week’s books</h3>
      {plan.books.length === 0 ? (
        <p className="plan-empty">
          The catalogue had no new books at {view.childName}’s level this week: pick any book you love
          together and log it.
        </p>
      ) : (
        <ol className="plan-books">
          {plan.books.map((book) => (
            <PlanBook key={`${book.title}-${book.bookId}`} book={book} childId={view.childId} page={page} />
          ))}
        </ol>
      )}

      <PlanSessions plan={plan} />

      {plan.passage && <PlanPassage passage={plan.passage} page={page} />}
    </>
  );
}

/** The week at a glance: books read, minutes against the goal, and the streak. */
function PlanGlance({ view, plan }: { view: ChildPlanDto; plan: WeeklyPlanDto }) {
  const done = plan.books.filter((b) => b.done).length;
  const share = Math.min(100, Math.round((plan.minutesRead / plan.goalMinutes) * 100));
  return (
    <ul className="plan-glance" aria-label="The week at a glance">
      <li>
        <span className="plan-figure">
          {done} of {plan.books.length}
        </span>
        <span>books read</span>
      </li>
      <li>
        <span className="plan-figure">
          {plan.minutesRead} / {plan.goalMinutes}
        </span>
        <span>minutes of the goal</span>
        <span className="plan-meter" aria-hidden="true">
          <span style={{ inlineSize: `${share}%` }} />
        </span>
      </li>
      <li>
        <span className="plan-figure">{view.streakDays}</span>
        <span>{view.streakDays === 1 ? 'day in a row' : 'days in a row'}</span>
      </li>
    </ul>
  );
}

/** The week's daily sessions, each ticked once its minutes are read. */
function PlanSessions({ plan }: { plan: WeeklyPlanDto }) {
  return (
    <>
      <h3 className="plan-subtitle">Daily sessions</h3>
      <ol className="plan-sessions">
        {plan.sessions.map((s) => {
          const met = s.readMinutes >= s.minutes;
          return (
            <li key={s.day} className={met ? 'is-done' : undefined}>
              <span className="plan-session-day">{shortDay(s.day)}</span>
              <span>{s.minutes} minutes</span>
              <span className="plan-session-read">
                {met ? '✓ ' : ''}
                {s.readMinutes > 0 ? `${s.readMinutes} read` : 'not yet'}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="plan-hint">The weekend is free for catching up or simply reading for fun.</p>
    </>
  );
}

/** The week's read-aloud passage; its text printed with the plan, to read from paper. */
function PlanPassage({ passage, page }: { passage: NonNullable<WeeklyPlanDto['passage']>; page: boolean }) {
  return (
    <section className={`plan-passage${passage.practised ? ' is-done' : ''}`} aria-labelledby="plan-passage">
      <h3 id="plan-passage" className="plan-subtitle">
        Read-aloud passage
      </h3>
      <p>
        <strong>{passage.title}</strong> ({passage.wordCount} words):{' '}
        {passage.practised ? (
          <strong className="plan-done">✓ Read aloud this week</strong>
        ) : (
          <>
            read it aloud once this week.{' '}
            {!page && (
              <a
                className="no-print"
                href={pagePath('/readonance/oration', { query: { passage: passage.id } })}
              >
                Practise it now
              </a>
            )}
          </>
        )}
      </p>
      {/* The text itself on the printed plan, to read from paper. */}
      <div className={page ? 'plan-passage-text' : 'plan-passage-text print-only'}>
        {passage.text.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  );
}
