import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PLACEMENT_QUESTIONS, type PlacementAnswers } from '~/features/program/placement';
import type { programApi } from '~/features/program/program.api';
import type { ChildPlanDto } from '~/features/program/program.schema';
import { useSubmit } from '~/islands/shared/useSubmit';
import { type Answer, call } from '~/platform/client/api';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { programContracts } from './programContracts';

type Question = keyof typeof PLACEMENT_QUESTIONS;
const QUESTIONS = Object.keys(PLACEMENT_QUESTIONS) as Question[];
type PlacementOutcome = Answer<typeof programApi.place>;
const BASIS_TEXT = {
  answers: 'from your answers',
  'read-aloud': 'from a read-aloud',
  review: 'from their ratings of the last weeks’ books',
} as const;

/**
 * Placement: three questions to the parent that set the child's level (a recent read-aloud decides
 * when there is one). Offered until the level has been placed; after, one click asks them again.
 */
export function PlacementForm({ view, onPlaced }: { view: ChildPlanDto; onPlaced: () => void }) {
  const placement = usePlacement(view, onPlaced);
  const { open, setOpen, answers, setAnswers, missing, busy } = placement;
  const name = view.childName;
  const level = READING_LEVEL_LABELS[view.readingLevel];

  return (
    <section className="plan-placement no-print" aria-labelledby={`placement-title-${view.childId}`}>
      <h3 id={`placement-title-${view.childId}`} className="plan-subtitle">
        {view.placement ? `${name}’s level` : `Is ${level} right for ${name}?`}
      </h3>
      {view.placement && !open && (
        <p>
          {level}, set {BASIS_TEXT[view.placement.basis]}.{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(true)}>
            Answer the three questions again
          </button>
        </p>
      )}
      {open && (
        <form onSubmit={placement.submit} noValidate aria-describedby={`placement-intro-${view.childId}`}>
          <p id={`placement-intro-${view.childId}`}>
            Three quick questions place {name} at the right level: each week’s books follow it, and it moves
            with {name}’s ratings.
          </p>
          {QUESTIONS.map((q) => (
            <PlacementQuestion
              key={q}
              childId={view.childId}
              question={q}
              answer={answers[q]}
              invalid={missing.includes(q) && !answers[q]}
              onAnswer={(value) => setAnswers((a) => ({ ...a, [q]: value }))}
            />
          ))}
          <p className="plan-links">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Placing…' : `Place ${name}`}
            </button>
            {view.placement && (
              <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
                Cancel
              </button>
            )}
          </p>
        </form>
      )}
      <p role="status" className="plan-hint" ref={placement.status} tabIndex={-1}>
        {placement.said}
      </p>
    </section>
  );
}

/** The answers, the check that all three are given, and placing the child with them. */
function usePlacement(view: ChildPlanDto, onPlaced: () => void) {
  const [open, setOpen] = useState(view.placement === null);
  const [answers, setAnswers] = useState<Partial<PlacementAnswers>>({});
  const [missing, setMissing] = useState<Question[]>([]);
  const { submit: send, busy, errors, setErrors } = useSubmit();
  const [message, setMessage] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const [placed, setPlaced] = useState(0);
  // The form closes under the button that sent it: focus goes to what happened, each time.
  useEffect(() => {
    if (placed > 0) status.current?.focus();
  }, [placed]);
  const name = view.childName;

  /** Checks every question is answered, then places the child once, whatever the clicks. */
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const unanswered = QUESTIONS.filter((q) => !answers[q]);
    setMissing(unanswered);
    if (unanswered.length > 0) {
      setErrors({});
      setMessage('Answer all three questions, please.');
      document.getElementById(`placement-${view.childId}-${unanswered[0]}`)?.focus();
      return;
    }
    setMessage('');
    await send(
      async () => {
        const outcome = await call((await programContracts()).place, {
          params: { id: view.childId },
          body: answers as PlacementAnswers,
        });
        setMessage(placedMessage(name, outcome));
        setOpen(false);
        setPlaced((n) => n + 1);
        onPlaced();
      },
      { fallback: 'The answers could not be saved. Try again in a moment.' },
    );
  };

  return { open, setOpen, answers, setAnswers, missing, busy, said: errors.form ?? message, status, submit };
}

/** What the page says once the child is placed: the level, why, and what happens to the plans. */
function placedMessage(name: string, outcome: PlacementOutcome): string {
  const moved = outcome.level !== outcome.previousLevel;
  return `${name} reads at ${READING_LEVEL_LABELS[outcome.level]}. ${outcome.explanation} ${
    moved
      ? outcome.planRemade
        ? 'This week’s plan has been made again at this level.'
        : 'The next weekly plan follows this level.'
      : ''
  }`.trim();
}

/** One of the three questions, its answers as chips; "Choose one answer." when it was left out. */
function PlacementQuestion({
  childId,
  question: q,
  answer,
  invalid,
  onAnswer,
}: {
  childId: string;
  question: Question;
  answer: string | undefined;
  invalid: boolean;
  onAnswer: (value: string) => void;
}) {
  const question = PLACEMENT_QUESTIONS[q];
  return (
    <fieldset
      id={`placement-${childId}-${q}`}
      tabIndex={-1}
      className="field plan-question"
      aria-describedby={invalid ? `placement-${childId}-${q}-error` : undefined}
    >
      <legend>{question.label}</legend>
      <div className="chips">
        {Object.entries(question.options).map(([value, label]) => (
          <label key={value} className="chip">
            <input
              type="radio"
              name={`${childId}-${q}`}
              value={value}
              checked={answer === value}
              onChange={() => onAnswer(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {invalid && (
        <p id={`placement-${childId}-${q}-error`} className="error">
          Choose one answer.
        </p>
      )}
    </fieldset>
  );
}
