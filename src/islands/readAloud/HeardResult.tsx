import { type KeyboardEvent, useRef, useState } from 'react';
import {
  type FigureBounds,
  type HeardReading,
  heardBounds,
  heardHow,
} from '~/features/readAloud/listening/heardReading';
import { passageWords } from '~/features/readAloud/readAloud';
import { percentText } from '~/features/readAloud/runningRecord';
import { KEY_STEPS } from '../shared/rovingKeys';

/** How sure listening is, in words a family reads at a glance. */
export function surenessText(confidence: number): string {
  const how = heardHow(confidence);
  const words = `${how[0]?.toUpperCase()}${how.slice(1)}`;
  return how === 'heard fairly well' ? `${words}: check the marked words` : words;
}

/** A figure's range in words: nothing in doubt, or the span the marks in doubt could move it across. */
function rangeText({ low, high }: FigureBounds, show: (n: number) => string = String): string {
  return low === high ? 'No mark in doubt' : `Could be ${show(low)} to ${show(high)}`;
}

/**
 * The figures listening gives (words read, accuracy and words correct per minute), each with the
 * range the marks in doubt leave it, then how sure listening was overall.
 */
export function HeardFigures({ heard }: { heard: HeardReading }) {
  const { score } = heard;
  const bounds = heardBounds(heard);
  const missed = heard.words.filter((w) => w.mark === 'missed').length;
  return (
    <dl className="ra-figures">
      <div>
        <dt>Words read</dt>
        <dd>
          {score.wordsCorrect} of {score.words}
        </dd>
        <dd className="ra-range">{rangeText(bounds.wordsCorrect)}</dd>
      </div>
      <div>
        <dt>Accuracy</dt>
        <dd>{percentText(score.accuracy)}</dd>
        <dd className="ra-range">{rangeText(bounds.accuracy, percentText)}</dd>
      </div>
      <div>
        <dt>Words correct per minute</dt>
        <dd>{score.wordsCorrectPerMinute}</dd>
        <dd className="ra-range">{rangeText(bounds.wordsCorrectPerMinute)}</dd>
      </div>
      <div>
        <dt>How sure</dt>
        <dd className="ra-sure">
          {surenessText(heard.confidence)} ({missed} {missed === 1 ? 'word' : 'words'} marked missed)
        </dd>
      </div>
    </dl>
  );
}

/**
 * The passage as listening marked it, each word a button that turns "missed" into "read" and back:
 * the family corrects what the device got wrong before saving. One word is in the tab order at a
 * time; the arrow keys, Home and End move along the passage.
 */
export function HeardWords({
  text,
  heard,
  onToggle,
}: {
  text: string;
  heard: HeardReading;
  onToggle: (word: number) => void;
}) {
  const words = passageWords(text);
  const [focusable, setFocusable] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(words.length - 1, step(index, words.length)));
    setFocusable(next);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  return (
    <div className="ra-heard">
      <p id="ra-heard-hint" className="hint">
        Words marked missed are crossed through. Choose a word to change its mark; arrow keys move along the
        passage.
      </p>
      <ol ref={list} className="ra-heard-words" aria-describedby="ra-heard-hint">
        {words.map((word, index) => {
          const mark = heard.words[index]?.mark ?? 'read';
          const label = mark === 'missed' ? 'missed' : mark === 'unreached' ? 'not reached' : 'read';
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a passage's words are fixed; the same word may appear twice.
            <li key={index}>
              <button
                type="button"
                className="word-button ra-heard-word"
                data-mark={mark}
                aria-pressed={mark === 'missed'}
                aria-label={`Word ${index + 1}: ${word}, ${label}`}
                disabled={mark === 'unreached'}
                tabIndex={index === focusable ? 0 : -1}
                onClick={() => {
                  setFocusable(index);
                  onToggle(index);
                }}
                onKeyDown={(e) => onKey(e, index)}
              >
                {word}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
