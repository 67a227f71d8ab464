import { useState } from 'react';
import { billingApi } from '~/features/payments/billing.api';
import type { MembershipDto } from '~/features/payments/billing.schema';
import { formatPrice } from '~/features/plans/plans';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import { CancelDialog, PauseDialog } from './MembershipDialogs';
import type { BillingActions } from './useBilling';

const day = (at: string | null) => (at ? formatTime(at, 'date') : '');
export const amountOf = (m: { amountCents: number; currency: string }) =>
  formatPrice(m.amountCents, undefined, m.currency.toUpperCase());

const END_WORDS: Record<NonNullable<MembershipDto['endReason']>, string> = {
  cancelled: 'cancelled by you',
  refunded: 'cancelled with a refund',
  unpaid: 'the renewal could not be paid',
  team: 'ended by our team',
  expired: 'never paid',
};

/** Where the program stands, in one sentence: when it renews, ends, resumes, or is tried again. */
function standing(m: MembershipDto): { text: string; tone: 'ok' | 'warn' | 'off' } {
  const price = `${amountOf(m)} ${m.intervalMonths === 1 ? 'a month' : `every ${m.intervalMonths} months`}`;
  if (m.status === 'ended') {
    const why = m.endReason ? END_WORDS[m.endReason] : 'ended';
    return { text: `Ended on ${day(m.endedAt)} (${why}).`, tone: 'off' };
  }
  if (m.status === 'past_due') {
    const retry = m.nextRetryAt ? ` We try the card again on ${day(m.nextRetryAt)}.` : '';
    return {
      text: `The renewal of ${amountOf(m)} was declined.${retry} Weekly plans wait until it is paid.`,
      tone: 'warn',
    };
  }
  const paused = m.status === 'paused' ? `paused until ${day(m.pausedUntil)}` : '';
  if (m.cancelAtPeriodEnd) {
    const meanwhile = paused ? ` (${paused})` : '';
    return {
      text: `Cancelled: runs until ${day(m.currentPeriodEnd)}${meanwhile}, then ends. Nothing more is charged.`,
      tone: 'warn',
    };
  }
  if (paused)
    return {
      text: `Paused until ${day(m.pausedUntil)}; renews on ${day(m.renewsAt)} at ${price}.`,
      tone: 'ok',
    };
  return { text: `Renews on ${day(m.renewsAt)} at ${price}.`, tone: 'ok' };
}

/** One renewing program: where it stands and what the family can do with it now. */
export function MembershipCard({
  membership: m,
  actions,
}: {
  membership: MembershipDto;
  actions: BillingActions;
}) {
  const [dialog, setDialog] = useState<'cancel' | 'pause' | null>(null);
  const { text, tone } = standing(m);
  const who = m.child ? `${m.child.firstName}: ${m.plan.name}` : m.plan.name;
  const headingId = `membership-${m.id}`;
  return (
    <article className={`billing-membership billing-${tone}`} aria-labelledby={headingId}>
      <h4 id={headingId}>{who}</h4>
      <p className="billing-standing">{text}</p>
      {m.status !== 'ended' && (
        <MembershipActions membership={m} who={who} actions={actions} open={setDialog} />
      )}
      {dialog === 'cancel' && (
        <CancelDialog membership={m} who={who} actions={actions} onClose={() => setDialog(null)} />
      )}
      {dialog === 'pause' && (
        <PauseDialog membership={m} who={who} actions={actions} onClose={() => setDialog(null)} />
      )}
    </article>
  );
}

/** What can be done now: confirm or retry an unpaid renewal, keep it, pause it, cancel it. */
function MembershipActions(props: {
  membership: MembershipDto;
  who: string;
  actions: BillingActions;
  open: (dialog: 'cancel' | 'pause') => void;
}) {
  const { membership: m, who, actions, open } = props;
  const busy = actions.pending?.endsWith(m.id) ?? false;
  const keep = () =>
    actions.act(
      `keep-${m.id}`,
      () => call(billingApi.keep, { params: { id: m.id } }),
      `${who} will keep renewing.`,
    );
  const payNow = () =>
    actions.act(
      `pay-${m.id}`,
      () => call(billingApi.payNow, { params: { id: m.id } }),
      'We tried the payment again: see where it stands above.',
    );
  return (
    <div className="billing-actions">
      {m.actionUrl && (
        <a className="btn btn-primary" href={m.actionUrl} rel="noopener">
          Confirm the payment with your bank
        </a>
      )}
      {m.status === 'past_due' && (
        <button type="button" className="btn btn-primary" onClick={() => void payNow()} aria-disabled={busy}>
          Try the payment again now
        </button>
      )}
      {m.cancelAtPeriodEnd ? (
        <button type="button" className="btn btn-secondary" onClick={() => void keep()} aria-disabled={busy}>
          Keep renewing
        </button>
      ) : (
        <>
          {m.status === 'active' && (
            <button type="button" className="btn btn-secondary" onClick={() => open('pause')}>
              Pause
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={() => open('cancel')}>
            Cancel…
          </button>
        </>
      )}
    </div>
  );
}
