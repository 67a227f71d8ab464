import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Passage } from '~/features/readAloud/readAloud.schema';
import { READING_LEVEL_LABELS, READING_LEVELS, type ReadingLevel } from '~/platform/domain';
import { $authReady } from '~/platform/identity/authState.store';
import { $index, $userData, setActiveChild } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { SelectField } from '../shared/Field';
import { Waiting } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { AttemptResult } from './AttemptResult';
import { FollowedText } from './FollowedText';
import type { ListeningState } from './listening/useListening';
import { PracticeControls } from './PracticeControls';
import { RecordingsList } from './RecordingsList';
import { usePassages } from './usePassages';
import { usePractice } from './usePractice';
import { VoicePortfolio } from './VoicePortfolio';
import './ReadAloud.css';

const levelOf = (level: string | undefined): ReadingLevel | undefined =>
  READING_LEVELS.find((l) => l === level);

type Child = NonNullable<ReturnType<typeof $userData.get>>['children'][number];

/** Read-aloud practice: choose a reader and a passage, read it aloud, see the pace, keep the attempt. */
export function ReadAloudPractice() {
  const hydrated = useHydrated();
  const authReady = useStore($authReady);
  const user = useStore($userData);
  const index = useStore($index);
  const children = user?.children ?? [];
  const child = children[index] ?? children[0];
  const childLevel = levelOf(child?.readingLevel);
  const { loaded, loadError, ordered, passage: chosen, setPassageId } = usePassages(authReady, childLevel);
  const portfolio = usePortfolioTurn(child?._id);
  const passage = portfolio.passage ?? chosen;
  const practice = usePractice(passage, child?._id);

  if (!hydrated || !authReady || (!loaded && !loadError)) {
    return <Waiting>Loading the passages…</Waiting>;
  }
  if (loadError)
    return (
      <p className="form-alert form-alert-error" role="alert">
        {loadError}
      </p>
    );
  if (!child) return <NoChild />;
  if (!passage) return <NoPassages />;
  const choices = { readers: children, child, ordered, passage, childLevel, onPassage: setPassageId };
  return <PracticeView choices={choices} practice={practice} portfolio={portfolio} />;
}

/** No passage in the library yet. */
function NoPassages() {
  return (
    <section className="ra-card">
      <h2>No passages yet</h2>
      <p>Our team is preparing read-aloud passages. Please come back soon.</p>
    </section>
  );
}

/**
 * The practice itself: the reader and passage, the passage large, the controls, the attempt just
 * finished, the voice portfolio and the history.
 */
function PracticeView({
  choices,
  practice,
  portfolio,
}: {
  choices: Omit<ChoicesProps, 'locked' | 'portfolio' | 'onLeavePortfolio'>;
  practice: ReturnType<typeof usePractice>;
  portfolio: ReturnType<typeof usePortfolioTurn>;
}) {
  const { child, passage } = choices;
  const locked = practice.recorder.status !== 'idle' || practice.phase === 'finished';
  return (
    <div className="ra">
      <div className="ra-live sr-only" role="status" aria-live="polite">
        {practice.announcement}
      </div>
      <Choices
        {...choices}
        locked={locked}
        portfolio={portfolio.passage !== null}
        onLeavePortfolio={portfolio.leave}
      />
      <PassageText passage={passage} listening={practice.listening} />
      <PracticeControls practice={practice} childName={child.name} />
      {practice.phase === 'finished' && practice.take && (
        <AttemptResult
          practice={practice}
          take={practice.take}
          childId={child._id}
          childName={child.name}
          // A portfolio reading once saved is done for four weeks: practice goes back to the library.
          onAgain={() => practice.save.status === 'saved' && portfolio.leave()}
        />
      )}
      <VoicePortfolio
        childId={child._id}
        childName={child.name}
        active={portfolio.passage !== null}
        locked={locked}
        onRead={portfolio.read}
      />
      <RecordingsList childId={child._id} childName={child.name} />
    </div>
  );
}

/**
 * The portfolio passage when the child is reading it (chosen from the voice portfolio), else null;
 * another child goes back to the library. Reading it takes the family to the passage.
 */
function usePortfolioTurn(childId: string | undefined) {
  const [turn, setTurn] = useState<{ childId: string | undefined; passage: Passage } | null>(null);
  const passage = turn && turn.childId === childId ? turn.passage : null;
  const read = (next: Passage) => {
    setTurn({ childId, passage: next });
    requestAnimationFrame(() => document.getElementById('ra-passage-title')?.focus());
  };
  return { passage, read, leave: () => setTurn(null) };
}

/** A family with no child yet: practice keeps each child's attempts, so a child comes first. */
function NoChild() {
  return (
    <section className="ra-card" aria-labelledby="ra-nochild">
      <h2 id="ra-nochild">Add a child to start practising</h2>
      <p>Read-aloud practice keeps each child’s attempts in their own history. Add a child first.</p>
      <a className="btn btn-primary" href={pagePath('/createProfile')}>
        Add a child
      </a>
    </section>
  );
}

interface ChoicesProps {
  /** The family's children, any of whom may read. */
  readers: Child[];
  child: Child;
  ordered: Passage[];
  passage: Passage;
  childLevel: ReadingLevel | undefined;
  /** While reading, and once finished, the reader and passage stay as they are. */
  locked: boolean;
  onPassage: (passageId: string) => void;
  /** The voice portfolio's passage is on the page instead of the chosen one. */
  portfolio: boolean;
  onLeavePortfolio: () => void;
}

/** Who reads (the family's active child), and which passage. */
function Choices(props: ChoicesProps) {
  const { readers, child, locked } = props;
  return (
    <div className="ra-choices">
      <SelectField
        id="ra-child"
        label="Reader"
        value={child._id}
        disabled={locked}
        onChange={(e) => setActiveChild(readers.findIndex((c) => c._id === e.target.value))}
        options={readers.map((c) => [c._id, c.name] as const)}
      />
      {props.portfolio ? <PortfolioChoice {...props} /> : <PassageChoice {...props} />}
    </div>
  );
}

/** The passage to read: those of the reader's level first, then the others (or all, easiest first). */
function PassageChoice({ ordered, passage, child, childLevel, locked, onPassage }: ChoicesProps) {
  const own = ordered.filter((p) => p.level === childLevel);
  const others = ordered.filter((p) => p.level !== childLevel);
  const option = (p: Passage) => (
    <option key={p.id} value={p.id}>
      {p.title} ({READING_LEVEL_LABELS[p.level]}, {p.wordCount} words)
    </option>
  );
  return (
    <div className="field">
      <label htmlFor="ra-passage">Passage</label>
      <select
        id="ra-passage"
        className="select"
        value={passage.id}
        disabled={locked}
        aria-describedby="ra-passage-hint"
        onChange={(e) => onPassage(e.target.value)}
      >
        {own.length > 0 && <optgroup label={`For ${child.name}’s level`}>{own.map(option)}</optgroup>}
        {others.length > 0 && (
          <optgroup label={own.length > 0 ? 'Other levels' : 'All passages'}>{others.map(option)}</optgroup>
        )}
      </select>
      <p id="ra-passage-hint" className="hint">
        {childLevel
          ? `Passages for ${READING_LEVEL_LABELS[childLevel]} come first.`
          : 'Passages are listed from the easiest level up.'}
      </p>
    </div>
  );
}

/** In place of the passage list while the portfolio passage is read: what it is, and the way back. */
function PortfolioChoice({ passage, locked, onLeavePortfolio }: ChoicesProps) {
  return (
    <div className="field ra-portfolio-choice">
      <span className="ra-portfolio-label">Passage</span>
      <p>
        <strong>{passage.title}</strong>, for the voice portfolio
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-disabled={locked}
        onClick={() => !locked && onLeavePortfolio()}
      >
        Back to the practice passages
      </button>
    </div>
  );
}

/** The passage itself, large (followed word by word while listening), with a model reading when there is one. */
function PassageText({ passage, listening }: { passage: Passage; listening: ListeningState }) {
  return (
    <article className="ra-passage" aria-labelledby="ra-passage-title">
      <p className="ra-passage-level">{READING_LEVEL_LABELS[passage.level]}</p>
      <h2 id="ra-passage-title" tabIndex={-1}>
        {passage.title}
      </h2>
      <FollowedText text={passage.text} listening={listening} />
      {passage.audioUrl && (
        <figure className="ra-model">
          <figcaption id="ra-model-label">Listen to a model reading</figcaption>
          {/* biome-ignore lint/a11y/useMediaCaption: the passage printed above is the transcript. */}
          <audio
            key={passage.id}
            controls
            preload="none"
            src={passage.audioUrl}
            aria-labelledby="ra-model-label"
          />
        </figure>
      )}
    </article>
  );
}
