import { type KeyboardEvent, useRef, useState } from 'react';
import { MISCUE_LABELS, type Miscue } from '~/features/readAloud/runningRecord';
import { KEY_STEPS } from '../shared/rovingKeys';
import { marksOn, type RunningRecordState } from './useRunningRecord';
import { WordMarkPanel } from './WordMarkPanel';

/** The short sign a mark shows above its word, as teachers write them on a running record. */
const SIGNS: Record<Miscue['kind'], string> = {
  substitution: 'sub',
  omission: 'omit',
  insertion: 'ins',
  told: 'T',
  self_correction: 'SC',
};

/** How a word reads to a screen reader: its place, itself, and its marks. */
function wordLabel(index: number, word: string, marks: readonly Miscue[], stoppedHere: boolean): string {
  const { own, insertions } = marksOn(marks, index);
  const parts = [`Word ${index + 1}: ${word}`];
  if (own) parts.push(`${MISCUE_LABELS[own.kind]}${own.said ? ` “${own.said}”` : ''}`);
  if (insertions.length)
    parts.push(`${insertions.length} insertion${insertions.length === 1 ? '' : 's'} after`);
  if (stoppedHere) parts.push('the child stopped here');
  return parts.join(', ');
}

/** One word of the passage: its button (with its mark's sign), then its insertions and a stop. */
function PassageWord({
  index,
  word,
  state,
  pressed,
  focusable,
  onChoose,
  onKey,
}: {
  index: number;
  word: string;
  state: RunningRecordState;
  pressed: boolean;
  focusable: boolean;
  onChoose: () => void;
  onKey: (event: KeyboardEvent) => void;
}) {
  const { own, insertions } = marksOn(state.marks, index);
  const stopped = state.lastWord === index;
  const after = state.lastWord !== null && index > state.lastWord;
  return (
    <li className={after ? 'rr-unread' : undefined}>
      <button
        type="button"
        className="word-button rr-word"
        data-kind={own?.kind}
        aria-pressed={pressed}
        aria-label={wordLabel(index, word, state.marks, stopped)}
        tabIndex={focusable ? 0 : -1}
        onClick={onChoose}
        onKeyDown={onKey}
      >
        {own && (
          <span className="rr-sign">{own.said ? `${SIGNS[own.kind]}: ${own.said}` : SIGNS[own.kind]}</span>
        )}
        {word}
      </button>
      {insertions.length > 0 && (
        <span className="rr-insertion" aria-hidden="true">
          ^{insertions.map((m) => m.said || '…').join(' ')}
        </span>
      )}
      {stopped && (
        <span className="rr-stop" aria-hidden="true">
          ‖
        </span>
      )}
    </li>
  );
}

/**
 * The passage, word by word, each word a button: choosing one opens its marks below. One word is
 * in the tab order at a time; the arrow keys, Home and End move along the passage.
 */
export function PassageMarks({ words, state }: { words: readonly string[]; state: RunningRecordState }) {
  const [selected, setSelected] = useState<number | null>(null);
  const [focusable, setFocusable] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(words.length - 1, index));
    setFocusable(next);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    moveTo(step(index, words.length));
  };
  return (
    <div className="rr-passage">
      <p id="rr-words-hint" className="hint">
        Choose a word to mark it. Arrow keys move along the passage.
      </p>
      <ol ref={list} className="rr-words" aria-describedby="rr-words-hint">
        {words.map((word, index) => (
          <PassageWord
            // biome-ignore lint/suspicious/noArrayIndexKey: a passage's words are fixed; the same word may appear twice.
            key={index}
            index={index}
            word={word}
            state={state}
            pressed={selected === index}
            focusable={index === focusable}
            onChoose={() => {
              setFocusable(index);
              setSelected(selected === index ? null : index);
            }}
            onKey={(e) => onKey(e, index)}
          />
        ))}
      </ol>
      {selected !== null && words[selected] !== undefined && (
        <WordMarkPanel
          key={selected}
          index={selected}
          word={words[selected]}
          state={state}
          onDone={() => {
            setSelected(null);
            moveTo(selected);
          }}
        />
      )}
    </div>
  );
}
