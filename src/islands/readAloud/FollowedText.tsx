import type { ListeningState } from './listening/useListening';

/**
 * The passage's text, word by word: while listening follows the reading, the words heard so far are
 * shaded and the next one is highlighted, so the child sees where they are. Only a visual guide:
 * screen readers read the text as it is (the status line says that listening is on).
 */
export function FollowedText({ text, listening }: { text: string; listening: ListeningState }) {
  const furthest = listening.status === 'following' ? listening.furthest : null;
  if (furthest === null) return <p className="ra-passage-text">{text}</p>;
  let word = -1;
  return (
    <p className="ra-passage-text ra-following">
      {text.split(/(\s+)/u).map((part, i) => {
        if (part === '' || /^\s+$/u.test(part)) return part;
        word += 1;
        const state = word <= furthest ? 'heard' : word === furthest + 1 ? 'next' : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a passage's words are fixed; the same word may appear twice.
          <span key={i} className="ra-w" data-state={state}>
            {part}
          </span>
        );
      })}
    </p>
  );
}

/** What listening is doing, in words: loading the model (with its progress), following, or why not. */
export function ListeningStatus({ listening }: { listening: ListeningState }) {
  if (listening.status === 'loading') {
    const percent = Math.round((100 * listening.loaded) / Math.max(1, listening.total));
    return (
      <div className="ra-listening">
        <label htmlFor="ra-model-progress">Getting ready to listen (only the first time)</label>
        <progress id="ra-model-progress" max={100} value={percent}>
          {percent}%
        </progress>
      </div>
    );
  }
  if (listening.status === 'following')
    return (
      <p className="ra-listening">Listening on this device: the highlighted word is the next one to read.</p>
    );
  if (listening.status === 'failed')
    return <p className="ra-listening">{listening.message} The timer and the recording still work.</p>;
  return null;
}
