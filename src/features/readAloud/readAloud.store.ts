import { atom } from 'nanostores';

/** Bumped whenever an attempt is saved, so every list of attempts on the page loads again. */
export const $recordingsVersion = atom(0);

export function recordingsChanged() {
  $recordingsVersion.set($recordingsVersion.get() + 1);
}
