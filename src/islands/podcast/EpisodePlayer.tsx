import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ARROW_SEEK_SECONDS,
  clampTime,
  formatClock,
  formatPosition,
  formatRate,
  PLAYBACK_RATES,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
} from '~/features/podcast/podcast';
import { useHydrated } from '../shared/useHydrated';
import './EpisodePlayer.css';

export interface EpisodePlayerProps {
  src: string;
  type: string;
  title: string;
  /** From the database, shown before the audio's own metadata has loaded (preload="none"). */
  durationSeconds: number;
}

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

/**
 * An episode's player. Before hydration (and without JavaScript) it is the browser's own
 * <audio controls>; hydrated, the same audio element gets our controls: play/pause, a seek
 * slider that speaks its position, skips, a speed choice, and keys (Space or K, arrows).
 */
export function EpisodePlayer({ src, type, title, durationSeconds }: EpisodePlayerProps) {
  const hydrated = useHydrated();
  const audio = useRef<HTMLAudioElement>(null);
  const speedId = useId();
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
  };

  if (!hydrated) {
    return (
      <div className="player player-native">
        {/* biome-ignore lint/a11y/useMediaCaption: audio only; its full transcript is beside the player */}
        <audio controls preload="none" aria-label={`Listen: ${title}`}>
          <source src={src} type={type} />
        </audio>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a player is a group of controls, not a form section
    <div className="player" role="group" aria-label={`Player: ${title}`} onKeyDown={onKeyDown}>
      {/* biome-ignore lint/a11y/useMediaCaption: audio only; its full transcript is beside the player */}
      <audio ref={audio} preload="none">
        <source src={src} type={type} />
      </audio>
      <button
        type="button"
        className="player-play"
        aria-label={playing ? `Pause: ${title}` : `Play: ${title}`}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5.5v13l11-6.5z" />}
        </svg>
      </button>
      <div className="player-timeline">
        <input
          type="range"
          className="player-seek"
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={1}
          value={Math.min(Math.round(current), Math.round(duration))}
          aria-label="Position"
          aria-valuetext={formatPosition(current, duration)}
          onChange={(e) => seekTo(Number(e.currentTarget.value))}
        />
        <p className="player-time">
          <span>{formatClock(current)}</span>
          <span className="sr-only"> of </span>
          <span aria-hidden="true"> / </span>
          <span>{formatClock(duration)}</span>
        </p>
      </div>
      <div className="player-controls">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => seekTo(current - SKIP_BACK_SECONDS)}
        >
          Back {SKIP_BACK_SECONDS} s
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => seekTo(current + SKIP_FORWARD_SECONDS)}
        >
          Forward {SKIP_FORWARD_SECONDS} s
        </button>
        <span className="player-speed">
          <label htmlFor={speedId}>Speed</label>
          <select
            id={speedId}
            className="select"
            value={rate}
            onChange={(e) => changeRate(Number(e.currentTarget.value))}
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {formatRate(r)}
              </option>
            ))}
          </select>
        </span>
      </div>
    </div>
  );
}
