import type { ReactNode } from 'react';
import { downloadIcs } from './downloadIcs';
import type { InterviewChanges } from './useInterviewChanges';

/**
 * What the card shows now, under its heading: the heading takes focus after a change, and what the
 * change did (or why it failed) is read out just below it.
 */
export function InterviewCard({
  heading,
  changes,
  children,
}: {
  heading: string;
  changes: InterviewChanges;
  children: ReactNode;
}) {
  const { done, failure, headingRef } = changes;
  return (
    <div className="iv-card">
      <h2 ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <div role="status" className="iv-live">
        {done && (
          <div className="form-alert form-alert-success">
            <p>{done.text}</p>
            {done.cancelled && (
              <button
                type="button"
                className="link-button"
                onClick={() => done.cancelled && downloadIcs(done.cancelled)}
              >
                Download the cancellation for your calendar (.ics)
              </button>
            )}
          </div>
        )}
      </div>
      <div role="alert" className="iv-live">
        {failure && <p className="form-alert form-alert-error">{failure}</p>}
      </div>
      {children}
    </div>
  );
}
