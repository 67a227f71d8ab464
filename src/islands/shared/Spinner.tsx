import type { HTMLAttributes, ReactNode } from 'react';
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

/** A wait in place of a whole panel: the dots, and what is being waited for, announced. */
export function Waiting({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="guard-wait">
      <Spinner label="" />
      <p>{children}</p>
    </div>
  );
}

/** A short wait inside a panel: the dots, then what is being waited for. */
export function WaitLine({ children, ...attributes }: HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p className="qr-wait" {...attributes}>
      <Spinner label="" /> {children}
    </p>
  );
}

/**
 * Over a page showing the last visit's copy while it asks again: a note pinned to the bottom of
 * the screen, so neither its arrival nor its going moves the page (decision 35).
 */
export function RefreshingNote({ show }: { show: boolean }) {
  return (
    <p className={show ? 'qr-refreshing' : 'sr-only'} role="status">
      {show && (
        <>
          <Spinner label="" /> Showing your last visit; updating…
        </>
      )}
    </p>
  );
}
