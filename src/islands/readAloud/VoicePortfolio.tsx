import { useState } from 'react';
import { heardHow } from '~/features/readAloud/listening/heardReading';
import { formatDuration, spokenDuration } from '~/features/readAloud/readAloud';
import type { Passage, Portfolio, RecordingDto } from '~/features/readAloud/readAloud.schema';
import { percentText } from '~/features/readAloud/runningRecord';
import { formatTime } from '~/platform/time';
import { WaitLine } from '../shared/Spinner';
import { usePortfolio } from './usePortfolio';
import { useRecordingPlayer } from './useRecordings';

interface Figures {
  perMinute: number | null;
  unit: string;
  accuracy: number | null;
  countedBy: string;
}

/** A reading's figures: the guide's count, else listening's, else the pace from the passage's length. */
function figuresOf(reading: RecordingDto): Figures {
  const { runningRecord: record, heard } = reading;
  if (record)
    return {
      perMinute: record.wordsCorrectPerMinute,
      unit: 'words correct a minute',
      accuracy: record.accuracy,
      countedBy: `Counted by ${record.guideName}, the reading guide`,
    };
  if (heard)
    return {
      perMinute: heard.wordsCorrectPerMinute,
      unit: 'words correct a minute',
      accuracy: heard.accuracy,
      countedBy: `Counted by listening on the device (${heardHow(heard.confidence)})`,
    };
  return {
    perMinute: reading.wordsPerMinute,
    unit: 'words a minute',
    accuracy: null,
    countedBy: 'Timed only',
  };
}

/** The change from the first counted reading to the latest, in words correct a minute. */
function growthText(readings: readonly RecordingDto[]): string | null {
  const counted = readings.filter((r) => r.runningRecord || r.heard);
  const first = counted[0];
  const last = counted.at(-1);
  if (!first || !last || first === last) return null;
  const change = (figuresOf(last).perMinute ?? 0) - (figuresOf(first).perMinute ?? 0);
  const since = `Since the first reading on ${formatTime(first.createdAt, 'date')}`;
  if (change === 0) return `${since}: the same number of words correct a minute.`;
  return `${since}: ${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'} words correct a minute.`;
}

interface NextProps {
  portfolio: Portfolio;
  passage: Passage;
  childName: string;
  /** The portfolio passage is the one on the page now. */
  active: boolean;
  /** A reading is under way or just finished: another cannot start. */
  locked: boolean;
  onRead: (passage: Passage) => void;
}

/** When the next reading is: under way, open now (with the button that starts it), or the day it opens. */
function NextReading({ portfolio, passage, childName, active, locked, onRead }: NextProps) {
  if (active && !portfolio.opensAt)
    return (
      <p className="ra-portfolio-next">
        <strong>Reading for the portfolio now:</strong> “{passage.title}” is above. Read it once, as it comes.
      </p>
    );
  if (portfolio.opensAt)
    return (
      <p className="ra-portfolio-next">
        The next reading opens on <strong>{formatTime(portfolio.opensAt, 'date')}</strong>. Until then,{' '}
        {childName} practises with the other passages, and this one stays new.
      </p>
    );
  return (
    <div className="ra-portfolio-next">
      <p>
        {portfolio.readings.length === 0
          ? 'The first reading is the starting point: the next ones are set beside it.'
          : `Four weeks have passed: ${childName}’s next portfolio reading is open.`}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        aria-disabled={locked}
        onClick={() => !locked && onRead(passage)}
      >
        Read “{passage.title}” for the portfolio
      </button>
    </div>
  );
}

/** One reading of the portfolio: when, its figures and who counted them, and its recording to play. */
function PortfolioReading({
  reading,
  number,
  childName,
  player,
}: {
  reading: RecordingDto;
  number: number;
  childName: string;
  player: ReturnType<typeof useRecordingPlayer>;
}) {
  const figures = figuresOf(reading);
  const when = formatTime(reading.createdAt, 'date');
  const { playing, loadingAudio } = player;
  return (
    <li className="ra-portfolio-reading">
      <h3>
        <span className="ra-portfolio-number">Reading {number}</span> {when}
      </h3>
      <p className="ra-portfolio-wcpm">
        {figures.perMinute === null ? (
          'No pace counted'
        ) : (
          <>
            <strong>{figures.perMinute}</strong> {figures.unit}
          </>
        )}
      </p>
      <p>
        {figures.accuracy !== null && `${percentText(figures.accuracy)} of words read right · `}
        <span aria-hidden="true">{formatDuration(reading.durationMs)}</span>
        <span className="sr-only">{spokenDuration(reading.durationMs)}</span>
      </p>
      <p className="hint">{figures.countedBy}</p>
      {!reading.hasAudio && <p className="hint">Figures only, no recording</p>}
      {reading.hasAudio && playing?.id === reading.id && (
        // biome-ignore lint/a11y/useMediaCaption: a child's own voice; the passage is the transcript.
        <audio
          controls
          autoPlay
          src={playing.url}
          className="ra-audio"
          aria-label={`${childName}, ${when}`}
        />
      )}
      {reading.hasAudio && playing?.id !== reading.id && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={loadingAudio !== null}
          aria-label={`Play reading ${number}, ${when}`}
          onClick={() => loadingAudio === null && void player.play(reading)}
        >
          {loadingAudio === reading.id ? 'Loading…' : 'Play'}
        </button>
      )}
    </li>
  );
}

export interface VoicePortfolioProps {
  childId: string;
  childName: string;
  active: boolean;
  locked: boolean;
  onRead: (passage: Passage) => void;
}

/**
 * A child's voice portfolio: the same unpracticed passage read once every four weeks, the readings
 * side by side (oldest first) with their figures and recordings, and the next reading's turn.
 */
export function VoicePortfolio(props: VoicePortfolioProps) {
  const { childId, childName } = props;
  const { portfolio, error } = usePortfolio(childId);
  const [message, setMessage] = useState('');
  const player = useRecordingPlayer(childId, setMessage);
  const headingId = `ra-portfolio-${childId}`;
  const growth = portfolio && growthText(portfolio.readings);
  return (
    <section className="ra-card ra-portfolio" aria-labelledby={headingId}>
      <h2 id={headingId}>{childName}’s voice portfolio</h2>
      {error && (
        <p className="form-alert form-alert-error" role="alert">
          {error}
        </p>
      )}
      {!portfolio && !error && <WaitLine role="status">Loading {childName}’s voice portfolio…</WaitLine>}
      {portfolio && !portfolio.passage && (
        <p>Our team is writing the portfolio passages. Practise with the others until they are ready.</p>
      )}
      {portfolio?.passage && (
        <>
          <p>
            Once every four weeks, {childName} reads the same passage, “{portfolio.passage.title}”, without
            practising it in between. Side by side, the readings show how {childName}’s reading grows.
          </p>
          <NextReading {...props} portfolio={portfolio} passage={portfolio.passage} />
        </>
      )}
      {growth && <p className="ra-portfolio-growth">{growth}</p>}
      <div role="status">{message && <p className="form-alert">{message}</p>}</div>
      {portfolio && portfolio.readings.length > 0 && (
        <ol className="ra-portfolio-readings" aria-label={`${childName}’s portfolio readings, oldest first`}>
          {portfolio.readings.map((reading, i) => (
            <PortfolioReading
              key={reading.id}
              reading={reading}
              number={i + 1}
              childName={childName}
              player={player}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
