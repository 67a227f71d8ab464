import { useState } from 'react';
import { billingApi } from '~/features/payments/billing.api';
import type { MembershipDto } from '~/features/payments/billing.schema';
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, REFUND_WINDOW_DAYS } from '~/features/payments/billingTerms';
import { formatPrice } from '~/features/plans/plans';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { WEEK_MS } from '~/platform/days';
import { formatTime } from '~/platform/time';
import type { BillingActions } from './useBilling';

const day = (at: string | Date | null) => (at ? formatTime(at, 'date') : '');

interface DialogProps {
  membership: MembershipDto;
  who: string;
  actions: BillingActions;
  onClose: () => void;
}

/**
 * Cancelling, asked before it happens: at the end of the period (the default), or now with the
 * unused part refunded while the refund window is open; why, if the family wants to say.
 */
export function CancelDialog({ membership: m, who, actions, onClose }: DialogProps) {
  const [refund, setRefund] = useState(false);
  const [reason, setReason] = useState('');
  const what = `cancel-${m.id}`;
  const confirm = async () => {
    const body = { refund, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    const done = refund
      ? `${who} is cancelled and the unused part refunded. Banks usually show it within 5 to 10 working days.`
      : `${who} is cancelled: it runs until ${day(m.currentPeriodEnd)}, and nothing more is charged.`;
    if (await actions.act(what, () => call(billingApi.cancel, { params: { id: m.id }, body }), done))
      onClose();
  };
  const offer = m.refund;
  return (
    <ConfirmDialog
      title={`Cancel ${who}?`}
      confirmLabel={refund ? 'Cancel and refund' : 'Cancel at the period’s end'}
      cancelLabel="Keep the program"
      danger
      busy={actions.pending === what}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <fieldset className="field">
        <legend>When should it end?</legend>
        <label className="choice">
          <input type="radio" name={`${what}-when`} checked={!refund} onChange={() => setRefund(false)} />
          At the end of the period paid, on {day(m.currentPeriodEnd)}: the weekly plans continue until then.
        </label>
        {offer && (
          <label className="choice">
            <input type="radio" name={`${what}-when`} checked={refund} onChange={() => setRefund(true)} />
            Now, with {formatPrice(offer.amountCents, undefined, m.currency.toUpperCase())} refunded (the
            unused part; possible within {REFUND_WINDOW_DAYS} days of the payment, until {day(offer.until)}).
          </label>
        )}
      </fieldset>
      <label className="field" htmlFor={`${what}-reason`}>
        Why are you cancelling? (optional)
      </label>
      <textarea
        id={`${what}-reason`}
        className="input"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormAlert message={actions.errors.refund ?? actions.errors.reason} />
    </ConfirmDialog>
  );
}

/** A pause of whole weeks, its dates shown before it is confirmed. */
export function PauseDialog({ membership: m, who, actions, onClose }: DialogProps) {
  const [weeks, setWeeks] = useState(PAUSE_MIN_WEEKS);
  const what = `pause-${m.id}`;
  const resumes = new Date(Date.now() + weeks * WEEK_MS);
  const renews = m.renewsAt ? new Date(Date.parse(m.renewsAt) + weeks * WEEK_MS) : null;
  const confirm = async () => {
    const done = `${who} is paused until ${day(resumes)}. It resumes by itself.`;
    const send = () => call(billingApi.pause, { params: { id: m.id }, body: { weeks } });
    if (await actions.act(what, send, done)) onClose();
  };
  const choices = Array.from(
    { length: PAUSE_MAX_WEEKS - PAUSE_MIN_WEEKS + 1 },
    (_, i) => PAUSE_MIN_WEEKS + i,
  );
  return (
    <ConfirmDialog
      title={`Pause ${who}?`}
      confirmLabel={`Pause for ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`}
      cancelLabel="Don’t pause"
      busy={actions.pending === what}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>No weekly plans and no charge while it is paused; the streak is kept.</p>
      <label className="field" htmlFor={`${what}-weeks`}>
        How long?
      </label>
      <select
        id={`${what}-weeks`}
        className="input"
        value={weeks}
        onChange={(e) => setWeeks(Number(e.target.value))}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n} {n === 1 ? 'week' : 'weeks'}
          </option>
        ))}
      </select>
      <p className="settings-note">
        Resumes on {day(resumes)}
        {renews ? `; the next renewal moves to ${day(renews)}` : ''}.
      </p>
      <FormAlert message={actions.errors.weeks} />
    </ConfirmDialog>
  );
}
