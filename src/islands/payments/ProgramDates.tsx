import { type RefObject, useEffect, useId, useState } from 'react';
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

/** What the server says buying this plan for this child now would mean; reloaded when either changes, or on `retry`. */
export function useCheckoutPreview(planId: string, childId: string | null) {
  const [state, setState] = useState<PreviewState | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how retry() asks again.
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
  }, [planId, childId, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

const day = (iso: string) => formatTime(iso, 'date');

/**
 * When the program starts and ends, said before anyone pays, and a clear warning when the child
 * is already in a program: this one then waits its turn, and the family confirms that.
 */
export function ProgramDates({
  state,
  planName,
  renews,
  childName,
  confirmed,
  onConfirm,
  onRetry,
  confirmRef,
  error,
}: {
  state: PreviewState;
  planName: string;
  /** A renewing program: its period's end is its first renewal, not its end. */
  renews?: boolean;
  childName: string;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  onRetry: () => void;
  /** The confirmation box, focused when the family goes on without ticking it. */
  confirmRef: RefObject<HTMLInputElement | null>;
  /** The server's refusal of an unconfirmed overlap, shown beside the box. */
  error?: string | null | undefined;
}) {
  if (state.status === 'loading')
    return <WaitLine aria-busy="true">Working out when the program starts…</WaitLine>;
  if (state.status === 'error') {
    return (
      <div className="form-alert form-alert-error" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const { preview } = state;
  const delayed = preview.reason === 'after_current';
  // The program this one waits for: the one that ends as it starts.
  const current = delayed
    ? (preview.programs.find((p) => p.endsAt === preview.startsAt) ?? preview.programs[0])
    : undefined;
  const others = preview.programs.filter((p) => p !== current);
  return (
    <div className="program-dates">
      <dl className="plan-summary-facts">
        <div>
          <dt>Starts</dt>
          <dd>{preview.reason === 'now' ? `Today, ${day(preview.startsAt)}` : day(preview.startsAt)}</dd>
        </div>
        <div>
          <dt>{renews ? 'First renewal' : 'Ends'}</dt>
          <dd>{renews ? `${day(preview.endsAt)}, until you cancel` : day(preview.endsAt)}</dd>
        </div>
      </dl>
      {preview.reason === 'season' && (
        <p className="hint">
          {planName} is a seasonal program: bought now, it starts on the first day of its season,{' '}
          {day(preview.startsAt)}. Until then {childName}’s profile shows it as queued.
        </p>
      )}
      {current && (
        <OverlapWarning
          current={current}
          startsAt={preview.startsAt}
          planName={planName}
          childName={childName}
          confirmed={confirmed}
          onConfirm={onConfirm}
          confirmRef={confirmRef}
          error={error}
        />
      )}
      {!delayed && others.length > 0 && (
        <p className="hint">
          {childName} also has{' '}
          {others.map((p) => `${p.planName} (${day(p.startsAt)} to ${day(p.endsAt)})`).join(', ')}: this
          program fits before or around {others.length > 1 ? 'them' : 'it'} without overlapping.
        </p>
      )}
    </div>
  );
}

/** The program the child already has, and the box that confirms this one starts after it. */
function OverlapWarning({
  current,
  startsAt,
  planName,
  childName,
  confirmed,
  onConfirm,
  confirmRef,
  error,
}: {
  current: CheckoutPreview['programs'][number];
  /** When this program would start: as the current one ends. */
  startsAt: string;
  planName: string;
  childName: string;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  confirmRef: RefObject<HTMLInputElement | null>;
  error?: string | null | undefined;
}) {
  const id = useId();
  return (
    <div className="form-alert form-alert-warning program-overlap" role="note">
      <p>
        <strong>
          {childName} is already in {current.planName}
        </strong>{' '}
        {Date.parse(current.startsAt) > Date.now()
          ? `(from ${day(current.startsAt)} until ${day(current.endsAt)})`
          : `until ${day(current.endsAt)}`}
        . Programs never overlap: {planName} would start on {day(startsAt)}, after it.
      </p>
      <CheckboxField
        inputRef={confirmRef}
        id={`${id}-after`}
        label={`Yes, start ${planName} for ${childName} on ${day(startsAt)}`}
        checked={confirmed}
        onChecked={onConfirm}
        error={error ?? undefined}
      />
    </div>
  );
}
