import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { planPagePath, wallPagePath } from '~/features/program/program';
import { programApi } from '~/features/program/program.api';
import type { ChildPlanDto, PlanBookDto, WeeklyPlanDto } from '~/features/program/program.schema';
import { failedLoad, type RecordState } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { $authReady } from '~/platform/identity/authState.store';
import { isUuid } from '~/platform/ids';
import { WaitLine } from '../shared/Spinner';
import { BookCover } from './BookCover';
import { NotReady } from './NotReady';
import { PlacementForm } from './PlacementForm';
import './Program.css';

/** While a week's plan is being made, ask again this often (it takes seconds). */
const PREPARING_POLL_MS = 5000;
const DELAYED_POLL_MS = 60_000;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);
export const shortDay = (day: string) => dayFormat.format(atNoon(day));
export const longDate = (day: string) => dateFormat.format(atNoon(day));

export interface WeeklyPlanProps {
  childId: string;
  /** One week of the child's plans; the week under way without it. */
  planId?: string | undefined;
  /** The printable page: every detail open, the links to the page itself left out. */
  page?: boolean;
}

/**
 * A child's plan for the week: the books to read (each with why it was chosen and a library
 * alternative, ticked off once logged), the goal against the minutes logged, the daily sessions,
 * the read-aloud passage and the streak. On the profile and on its own printable page.
 */
export function WeeklyPlan({ childId, planId, page = false }: WeeklyPlanProps) {
  const authReady = useStore($authReady);
  const [chosen, setChosen] = useState(planId);
  const [state, setState] = useState<RecordState<ChildPlanDto>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  // After a move to another week, focus goes to the new week's heading (the button may be gone).
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusWeek, setFocusWeek] = useState<string | null>(null);
  useEffect(() => {
    // Only once the week asked for is on screen, so its heading is what is read out.
    if (focusWeek && state.status === 'ready' && state.record.plan?.id === focusWeek) {
      heading.current?.focus();
      setFocusWeek(null);
    }
  }, [focusWeek, state]);

  useEffect(() => {
    // `version` grows when the placement changed the level: load again then.
    if (!authReady || version < 0) return;
    if (!isUuid(childId) || (chosen !== undefined && !isUuid(chosen))) {
      setState({ status: 'missing' });
      return;
    }
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const record = await call(programApi.plan, {
          params: { id: childId },
          query: { today: localDay(), ...(chosen ? { plan: chosen } : {}) },
        });
        if (stale) return;
        setState({ status: 'ready', record });
        // Being made: ask again soon. Late (a restart, or a job that failed): ask once a minute,
        // since the scan every minute makes it as soon as it can.
        if (record.state === 'preparing') timer = setTimeout(load, PREPARING_POLL_MS);
        if (record.state === 'delayed') timer = setTimeout(load, DELAYED_POLL_MS);
      } catch (error) {
        if (!stale) setState(failedLoad(error, 'The plan could not be loaded. Try again in a moment.'));
      }
    };
    void load();
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [authReady, childId, chosen, version]);

  if (state.status !== 'ready')
    return (
      <NotReady state={state} loading="Loading the plan…" missing="There is no such plan in your family." />
    );

  const view = state.record;
  return (
    <section className="plan" aria-labelledby={`plan-title-${childId}`}>
      <PlanHeading
        view={view}
        page={page}
        heading={heading}
        onWeek={(id) => {
          setFocusWeek(id);
          setChosen(id);
        }}
      />
      {!page && view.state !== 'none' && view.state !== 'ended' && (
        <PlacementForm view={view} onPlaced={() => setVersion((v) => v + 1)} />
      )}
      {view.plan ? <PlanBody view={view} plan={view.plan} page={page} /> : <NoPlan view={view} />}
    </section>
  );
}

function PlanHeading({
  view,
  page,
  heading,
  onWeek,
}: {
  view: ChildPlanDto;
  page: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
  onWeek: (planId: string) => void;
}) {
  const plan = view.plan;
  const at = plan ? view.weeks.findIndex((w) => w.id === plan.id) : -1;
  const before = at > 0 ? view.weeks[at - 1] : undefined;
  const after = at >= 0 && at < view.weeks.length - 1 ? view.weeks[at + 1] : undefined;
  return (
    <header className="plan-heading">
      <div>
        <h2 id={`plan-title-${view.childId}`} ref={heading} tabIndex={-1}>
          {plan
            ? `${view.childName}’s week ${plan.weekIndex + 1} of ${plan.weeks}`
            : `${view.childName}’s reading plan`}
        </h2>
        {plan && (
          <p className="plan-dates">
            {plan.programName} · {longDate(plan.startsOn)} to {longDate(plan.endsOn)} ·{' '}
            {READING_LEVEL_LABELS[plan.readingLevel]}
          </p>
        )}
      </div>
      {plan && view.weeks.length > 1 && (
        <nav className="plan-weeks no-print" aria-label={`${view.childName}’s weeks`}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!before}
            onClick={() => before && onWeek(before.id)}
          >
            Previous week
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!after}
            onClick={() => after && onWeek(after.id)}
          >
            Next week
          </button>
        </nav>
      )}
      {!page && (
        <p className="plan-links no-print">
          <a href={planPagePath(view.childId, plan?.id)}>Open the printable plan</a>
          <a href={wallPagePath(view.childId)}>{view.childName}’s finished-books wall</a>
        </p>
      )}
    </header>
  );
}

function NoPlan({ view }: { view: ChildPlanDto }) {
  switch (view.state) {
    case 'preparing':
      return (
        <div className="plan-empty" role="status">
          <WaitLine>
            {view.childName}’s plan for this week is being made: books for their level and interests, a goal
            and daily sessions. It appears here in a moment.
          </WaitLine>
        </div>
      );
    case 'delayed':
      return (
        <p className="plan-empty" role="status">
          {view.childName}’s plan for this week is taking longer than usual. Our team sees late plans in its
          console and will make it: come back in a little while.
        </p>
      );
    case 'upcoming':
      return (
        <p className="plan-empty">
          {view.childName}’s program starts on{' '}
          {view.programStartsOn ? longDate(view.programStartsOn) : 'its first day'}. The first weekly plan
          appears here that day.
        </p>
      );
    default:
      return (
        <p className="plan-empty">
          Weekly plans come with a program: each week, three to five books chosen for {view.childName}, a
          reading goal and short daily sessions. <a href="/programs">Choose a program</a>
        </p>
      );
  }
}

function PlanBody({ view, plan, page }: { view: ChildPlanDto; plan: WeeklyPlanDto; page: boolean }) {
  const done = plan.books.filter((b) => b.done).length;
  const share = Math.min(100, Math.round((plan.minutesRead / plan.goalMinutes) * 100));
  return (
    <>
      {view.state === 'ended' && (
        <p className="plan-note">The program has ended; this was {view.childName}’s last week.</p>
      )}
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

      {plan.passage && (
        <section
          className={`plan-passage${plan.passage.practised ? ' is-done' : ''}`}
          aria-labelledby="plan-passage"
        >
          <h3 id="plan-passage" className="plan-subtitle">
            Read-aloud passage
          </h3>
          <p>
            <strong>{plan.passage.title}</strong> ({plan.passage.wordCount} words):{' '}
            {plan.passage.practised ? (
              <strong className="plan-done">✓ Read aloud this week</strong>
            ) : (
              <>
                read it aloud once this week.{' '}
                {!page && (
                  <a className="no-print" href={`/readonance/oration?passage=${plan.passage.id}`}>
                    Practise it now
                  </a>
                )}
              </>
            )}
          </p>
          {/* The text itself on the printed plan, to read from paper. */}
          <div className={page ? 'plan-passage-text' : 'plan-passage-text print-only'}>
            {plan.passage.text.split(/\n\s*\n/).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      )}
    </>
  );
}

/** The reading log with this book already chosen in its form. */
function logLinkOf(childId: string, book: PlanBookDto) {
  if (!book.bookId) return `/book-history/${childId}`;
  const query = new URLSearchParams({ book: book.bookId, title: book.title, author: book.author });
  return `/book-history/${childId}?${query}#rlog-add`;
}

function PlanBook({ book, childId, page }: { book: PlanBookDto; childId: string; page: boolean }) {
  return (
    <li className={`plan-book surface${book.done ? ' is-done' : ''}`}>
      <BookCover title={book.title} author={book.author} coverUrl={book.coverUrl} size="small" />
      <div className="plan-book-text">
        <h4>
          {book.title} <span className="plan-book-author">by {book.author}</span>
        </h4>
        <p className="plan-book-status">
          {book.done ? (
            <strong className="plan-done">✓ Finished: it is on the finished-books wall</strong>
          ) : (
            <>
              {book.started ? 'In progress: logged, not finished yet.' : 'Not logged yet.'}{' '}
              {!page && (
                <a className="no-print" href={logLinkOf(childId, book)}>
                  Log it<span className="sr-only"> ({book.title})</span> in the reading log
                </a>
              )}
            </>
          )}
        </p>
        {book.summary && <p>{book.summary}</p>}
        {book.reasons.length > 0 && (
          <p className="plan-book-why">
            <span>Why this book:</span> {book.reasons.join('; ')}.
          </p>
        )}
        {book.alternative && (
          <p className="plan-book-alt">
            Not at your library? Try <cite>{book.alternative.title}</cite> by {book.alternative.author}.
          </p>
        )}
      </div>
    </li>
  );
}
