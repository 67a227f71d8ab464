import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ARROW_SEEK_SECONDS, clampTime } from '~/features/podcast/podcast';

// One episode at a time: whichever audio starts pauses every other one on the page.
let pauseOthersInstalled = false;
function pauseOthersOnPlay() {
  if (pauseOthersInstalled) return;
  pauseOthersInstalled = true;
  document.addEventListener(
    'play',
    (event) => {
      for (const media of document.querySelectorAll('audio')) {
        if (media !== event.target && !media.paused) media.pause();
      }
    },
    true,
  );
}

/** The player's keys: K (or Space on the slider) plays and pauses, arrows seek, Home and End jump. */
function onPlayerKey(
  event: KeyboardEvent<HTMLDivElement>,
  current: number,
  duration: number,
  toggle: () => void,
  seekTo: (seconds: number) => void,
) {
  const target = event.target as HTMLElement;
  if (target.tagName === 'SELECT' || event.altKey || event.ctrlKey || event.metaKey) return;
  const onSlider = target.tagName === 'INPUT';
  let handled = true;
  if (event.key === 'k' || event.key === 'K' || (event.key === ' ' && onSlider)) toggle();
  else if (event.key === 'ArrowLeft' || (event.key === 'ArrowDown' && onSlider))
    seekTo(current - ARROW_SEEK_SECONDS);
  else if (event.key === 'ArrowRight' || (event.key === 'ArrowUp' && onSlider))
    seekTo(current + ARROW_SEEK_SECONDS);
  else if (event.key === 'Home' && onSlider) seekTo(0);
  else if (event.key === 'End' && onSlider) seekTo(duration);
  else handled = false;
  if (handled) event.preventDefault();
}

/**
 * The player's audio element (`audio`) once hydrated, followed as it plays: whether it plays, where
 * it is, how long it lasts and how fast; with the actions of its controls and keys.
 */
export function usePlayer(hydrated: boolean, durationSeconds: number) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(durationSeconds);
  const [rate, setRate] = useState(1);

  useEffect(() => {
    const el = audio.current;
    if (!hydrated || !el) return;
    pauseOthersOnPlay();
    const sync = () => {
      setPlaying(!el.paused);
      setCurrent(el.currentTime);
      if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
      setRate(el.playbackRate);
    };
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'loadedmetadata', 'ratechange'];
    for (const name of events) el.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of events) el.removeEventListener(name, sync);
    };
  }, [hydrated]);

  const toggle = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  }, []);

  const seekTo = useCallback(
    (seconds: number) => {
      const el = audio.current;
      if (!el) return;
      const next = clampTime(seconds, duration);
      el.currentTime = next;
      setCurrent(next);
    },
    [duration],
  );

  const changeRate = (value: number) => {
    const el = audio.current;
    if (!el) return;
    el.defaultPlaybackRate = value;
    el.playbackRate = value;
    setRate(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    onPlayerKey(event, current, duration, toggle, seekTo);

  return { audio, playing, current, duration, rate, toggle, seekTo, changeRate, onKeyDown };
}

export type Player = ReturnType<typeof usePlayer>;
