import './StarRating.css';
import { FieldError } from '~/islands/shared/Field';

/**
 * Stars from 1 to 5 as a native radio group: Tab reaches it, the arrow keys choose, and screen
 * readers say "3 stars, radio button, 3 of 6". "No stars" is a choice too, so a rating can be
 * taken back with the keyboard.
 */
export function StarRating({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
}) {
  const star = (n: number | null) => {
    const id = `${name}-${n ?? 0}`;
    const lit = n !== null && value !== null && n <= value;
    return (
      <span key={id} className={n === null ? 'star-none' : 'star'}>
        <input
          type="radio"
          id={id}
          name={name}
          className="star-input"
          aria-invalid={error ? true : undefined}
          checked={value === n}
          onChange={() => onChange(n)}
        />
        <label htmlFor={id} className={lit ? 'star-label star-lit' : 'star-label'}>
          {n === null ? (
            'No stars'
          ) : (
            <>
              <span aria-hidden="true">{lit ? '★' : '☆'}</span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </>
          )}
        </label>
      </span>
    );
  };
  return (
    <fieldset className="field stars" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Stars (optional)</legend>
      <div className="stars-options">
        {star(null)}
        {/* The five stars wrap together, never one alone on a line. */}
        <span className="stars-row">{[1, 2, 3, 4, 5].map(star)}</span>
      </div>
      <p className="hint">{value === null ? 'Not rated.' : `${value} out of 5 stars.`}</p>
      <FieldError id={name} error={error} />
    </fieldset>
  );
}

/** Stars as text for a list: "★★★★☆" for the eye, "4 out of 5 stars" for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="entry-stars">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(5 - rating)}
      </span>
      <span className="sr-only">{rating} out of 5 stars</span>
    </span>
  );
}
