import { useEffect, useId, useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import type { CheckoutPreview } from '~/features/payments/payments.schema';
import { CheckboxField } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { WaitLine } from '~/islands/shared/Spinner';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';

/** The preview for a plan and child: loading, known, or why it could not be read. */
export type PreviewState =
  | { status: 'loading' }
  | { status: 'ready'; preview: CheckoutPreview }
  | { status: 'error'; message: string };

/** What the server says buying this plan for this child now would mean; reloaded when either changes. */
export function useCheckoutPreview(planId: string, childId: string | null): PreviewState | null {
  const [state, setState] = useState<PreviewState | null>(null);
  useEffect(() => {
    if (!childId) {
      setState(null);
      return;
    }
    let stale = false;
    setState({ status: 'loading' });
    call(paymentsApi.preview, { query: { planId, childId } })
      .then((preview) => !stale && setState({ status: 'ready', preview }))
      .catch(
        (e) =>
          !stale &&
          setState({
            status: 'error',
            message: errorMessage(e, 'The program’s dates could not be loaded. Please try again.'),
          }),
      );
    return () => {
      stale = true;
    };
  }, [planId, childId]);
  return state;
}

const day = (iso: string) => formatTime(iso, 'date');

/**
 * When the program starts and ends, said before anyone pays, and a clear warning when the child
 * is already in a program: this one then waits its turn, and the family confirms that.
 */
export function ProgramDates({
  state,
  planName,
  childName,
  confirmed,
  onConfirm,
  error,
}: {
  state: PreviewState;
  planName: string;
  childName: string;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  /** The server's refusal of an unconfirmed overlap, shown beside the box. */
  error?: string | null | undefined;
}) {
  const id = useId();
  if (state.status === 'loading')
    return <WaitLine aria-busy="true">Working out when the program starts…</WaitLine>;
  if (state.status === 'error') {
    return (
      <p className="form-alert form-alert-error" role="alert">
        {state.message}
      </p>
    );
  }
  const { preview } = state;
  const [current] = preview.programs;
  return (
    <div className="program-dates" aria-live="polite">
      <dl className="plan-summary-facts">
        <div>
          <dt>Starts</dt>
          <dd>{preview.reason === 'now' ? `Today, ${day(preview.startsAt)}` : day(preview.startsAt)}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>{day(preview.endsAt)}</dd>
        </div>
      </dl>
      {preview.reason === 'season' && (
        <p className="hint">
          {planName} is a seasonal program: bought now, it starts on the first day of its season,{' '}
          {day(preview.startsAt)}. Until then {childName}’s profile shows it as queued.
        </p>
      )}
      {current && (
        <div className="form-alert form-alert-warning program-overlap" role="note">
          <p>
            <strong>
              {childName} is already in {current.planName}
            </strong>{' '}
            {Date.parse(current.startsAt) > Date.now()
              ? `(from ${day(current.startsAt)} until ${day(current.endsAt)})`
              : `until ${day(current.endsAt)}`}
            {preview.programs.length > 1 && `, and ${preview.programs.length - 1} more queued after it`}.
            Programs never overlap: {planName} would start on {day(preview.startsAt)}, after{' '}
            {preview.programs.length > 1 ? 'them' : 'it'}.
          </p>
          <CheckboxField
            id={`${id}-after`}
            label={`Yes, start ${planName} for ${childName} on ${day(preview.startsAt)}`}
            checked={confirmed}
            onChecked={onConfirm}
            error={error ?? undefined}
          />
        </div>
      )}
    </div>
  );
}
