import { useEffect, useId, useRef, useState } from 'react';
import { MAX_INSERTIONS_PER_WORD, MISCUE_LABELS, type MiscueKind } from '~/features/readAloud/runningRecord';
import { marksOn, type RunningRecordState } from './useRunningRecord';

type WordKind = Exclude<MiscueKind, 'insertion'>;
const WORD_KINDS: readonly WordKind[] = ['substitution', 'omission', 'told', 'self_correction'];

const KIND_HINTS: Record<WordKind, string> = {
  substitution: 'said another word',
  omission: 'left it out',
  told: 'you or a parent said it',
  self_correction: 'misread it, then put it right (not an error)',
};

/** Read right, or one of the four word marks, as radio buttons. */
function KindChoice({
  id,
  index,
  said,
  state,
}: {
  id: string;
  index: number;
  said: string;
  state: RunningRecordState;
}) {
  const { own } = marksOn(state.marks, index);
  const choose = (kind: WordKind | null) =>
    state.markWord(
      index,
      kind,
      kind === 'substitution' || kind === 'self_correction' ? said.trim() : undefined,
    );
  return (
    <fieldset>
      <legend>How was it read?</legend>
      <label className="choice">
        <input type="radio" name={`${id}-kind`} checked={!own} onChange={() => choose(null)} />
        Read right
      </label>
      {WORD_KINDS.map((kind) => (
        <label key={kind} className="choice">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={own?.kind === kind}
            onChange={() => choose(kind)}
          />
          {MISCUE_LABELS[kind]} <span className="hint">({KIND_HINTS[kind]})</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The marks of one word: read right, or one of the four word marks (with what the child said),
 * the insertions after it, and whether the child stopped here. Opens with the focus on it.
 */
export function WordMarkPanel({
  index,
  word,
  state,
  onDone,
}: {
  index: number;
  word: string;
  state: RunningRecordState;
  onDone: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { own } = marksOn(state.marks, index);
  const [said, setSaid] = useState(own?.said ?? '');
  const [inserted, setInserted] = useState('');
  useEffect(() => heading.current?.focus(), []);
  const saysWord = own?.kind === 'substitution' || own?.kind === 'self_correction';
  return (
    <section className="rr-mark-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Word {index + 1}: “{word}”
      </h3>
      <KindChoice id={id} index={index} said={said} state={state} />
      {own && saysWord && (
        <div className="field">
          <label htmlFor={`${id}-said`}>
            {own.kind === 'substitution' ? 'What the child said' : 'What the child said first'}
          </label>
          <input
            className="input"
            id={`${id}-said`}
            value={said}
            maxLength={40}
            onChange={(e) => setSaid(e.target.value)}
            onBlur={() => state.markWord(index, own.kind as WordKind, said.trim())}
          />
        </div>
      )}
      <Insertions index={index} state={state} inserted={inserted} setInserted={setInserted} id={id} />
      <label className="choice">
        <input
          type="checkbox"
          checked={state.lastWord === index}
          onChange={(e) => state.setLastWord(e.target.checked ? index : null)}
        />
        The child stopped after this word (the figures count the words up to here)
      </label>
      <p>
        <button type="button" className="btn btn-secondary btn-small" onClick={onDone}>
          Done with this word
        </button>
      </p>
    </section>
  );
}

function Insertions({
  index,
  state,
  inserted,
  setInserted,
  id,
}: {
  index: number;
  state: RunningRecordState;
  inserted: string;
  setInserted: (value: string) => void;
  id: string;
}) {
  const { insertions } = marksOn(state.marks, index);
  return (
    <div className="rr-insertions">
      {insertions.length > 0 && (
        <ul>
          {insertions.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: insertions have no identity but their place.
            <li key={i}>
              Inserted after it: “{m.said || 'a word'}”{' '}
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => state.removeInsertion(index, i)}
              >
                Remove this insertion
              </button>
            </li>
          ))}
        </ul>
      )}
      {insertions.length < MAX_INSERTIONS_PER_WORD && (
        <div className="field rr-insert">
          <label htmlFor={`${id}-insert`}>A word the child added after it</label>
          <input
            className="input"
            id={`${id}-insert`}
            value={inserted}
            maxLength={40}
            onChange={(e) => setInserted(e.target.value)}
          />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              state.addInsertion(index, inserted.trim());
              setInserted('');
            }}
          >
            Add the insertion
          </button>
        </div>
      )}
    </div>
  );
}
