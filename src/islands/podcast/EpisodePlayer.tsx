import { useId } from 'react';
import {
  formatClock,
  formatPosition,
  formatRate,
  PLAYBACK_RATES,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
} from '~/features/podcast/podcast';
import { useHydrated } from '../shared/useHydrated';
import { type Player, usePlayer } from './usePlayer';
import './EpisodePlayer.css';

export interface EpisodePlayerProps {
  src: string;
  type: string;
  title: string;
  /** From the database, shown before the audio's own metadata has loaded (preload="none"). */
  durationSeconds: number;
}

/**
 * An episode's player. Before hydration (and without JavaScript) it is the browser's own
 * <audio controls>; hydrated, the same audio element gets our controls: play/pause, a seek
 * slider that speaks its position, skips, a speed choice, and keys (Space or K, arrows).
 */
export function EpisodePlayer({ src, type, title, durationSeconds }: EpisodePlayerProps) {
  const hydrated = useHydrated();
  const speedId = useId();
  const player = usePlayer(hydrated, durationSeconds);
  const { playing, toggle } = player;

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
    <div className="player" role="group" aria-label={`Player: ${title}`} onKeyDown={player.onKeyDown}>
      {/* biome-ignore lint/a11y/useMediaCaption: audio only; its full transcript is beside the player */}
      <audio ref={player.audio} preload="none">
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
      <PlayerTimeline player={player} />
      <PlayerControls player={player} speedId={speedId} />
    </div>
  );
}

/** The seek slider, which says where the episode is, and the time as a clock. */
function PlayerTimeline({ player }: { player: Player }) {
  const { current, duration, seekTo } = player;
  return (
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
  );
}

/** The skip buttons and the speed choice. */
function PlayerControls({ player, speedId }: { player: Player; speedId: string }) {
  const { current, rate, seekTo } = player;
  return (
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
          onChange={(e) => player.changeRate(Number(e.currentTarget.value))}
        >
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={r}>
              {formatRate(r)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
