import './Spinner.css';

export interface SpinnerProps {
  /** What is happening, for screen readers; empty when visible text beside the spinner says it. */
  label?: string;
}

/** Three beating dots. Place it inside a role="status" region so the wait is announced. */
export function Spinner({ label = 'Loading…' }: SpinnerProps) {
  return (
    <span className="qr-spinner">
      <span className="qr-spinner-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
