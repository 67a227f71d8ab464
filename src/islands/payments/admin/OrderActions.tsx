import { useState } from 'react';
import { type AdminOrder, CLOSE_REASON_MAX, orderClosingSchema } from '~/features/payments/admin.schema';
import { paymentsApi } from '~/features/payments/payments.api';
import { PENDING_ORDER_HOURS } from '~/features/payments/payments.schema';
import { formatPrice } from '~/features/plans/plans';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { type Errors, useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import './payments.css';
import { formatTime } from '~/platform/time';

type Action = 'refund' | 'end' | 'cancel';

const ACTIONS: Record<Action, { button: string; title: string; confirm: string; path: 'refund' | 'cancel' }> =
  {
    refund: { button: 'Refund', title: 'Refund this order?', confirm: 'Refund in full', path: 'refund' },
    end: {
      button: 'End program',
      title: 'End the program without a refund?',
      confirm: 'End the program',
      path: 'cancel',
    },
    cancel: {
      button: 'Cancel order',
      title: 'Cancel this unpaid order?',
      confirm: 'Cancel the order',
      path: 'cancel',
    },
  };

/** Which actions an order allows: refunded and unpaid cancelled orders are settled for good. */
export function orderActions(order: AdminOrder): Action[] {
  if (order.status === 'paid') return ['refund', 'end'];
  if (order.status === 'pending' || order.status === 'failed') return ['cancel'];
  // A program ended without a refund can still be refunded (the family asked after all).
  if (order.status === 'cancelled' && order.paidAt) return ['refund'];
  return [];
}

/** After this long unpaid, a check-out is most likely abandoned (it expires at PENDING_ORDER_HOURS). */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * "Refunded 21 Nov 2026 by Ada: the reason", the record kept on a settled order; for an unpaid one,
 * whether the family seems to have left it, and what the site noted (an expired check-out).
 */
export function ClosedNote({ order }: { order: AdminOrder }) {
  if (order.status === 'pending' && Date.now() - Date.parse(order.createdAt) > ABANDONED_AFTER_MS) {
    return (
      <span className="order-closed">
        Abandoned check-out: not paid since {formatTime(order.createdAt, 'shortDate')}; it expires{' '}
        {PENDING_ORDER_HOURS} hours after it started.
      </span>
    );
  }
  if (!order.closedAt) return order.note ? <span className="order-closed">{order.note}</span> : null;
  if (!order.closedByName && order.status === 'cancelled' && order.note) {
    return <span className="order-closed">{order.note}</span>;
  }
  const date = formatTime(order.closedAt, 'shortDate');
  const by = order.closedByName
    ? ` by ${order.closedByName}`
    : order.status === 'refunded'
      ? ' in Stripe'
      : '';
  return (
    <span className="order-closed">
      {order.status === 'refunded' ? 'Refunded' : 'Cancelled'} {date}
      {by}
      {order.closeReason ? `: ${order.closeReason}` : ''}
      {order.refundRef ? ` (refund ${order.refundRef})` : ''}
    </span>
  );
}

/**
 * The buttons that settle an order, each behind a dialog that says what will happen and asks
 * why (the reason is kept on the order and in the audit log, not shown to the family).
 */
export function OrderActions({
  order,
  onDone,
}: {
  order: AdminOrder;
  /** The order as it now is, and a sentence for the page's status message. */
  onDone: (order: AdminOrder, message: string) => void;
}) {
  const { open, setOpen, reason, setReason, busy, errors, setErrors, confirm, reasonId } = useCloseOrder(
    order,
    onDone,
  );
  const actions = orderActions(order);
  if (actions.length === 0) return <span className="hint">Settled</span>;
  const who = order.childName ?? 'the family';

  return (
    <div className="order-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          // The visible words first, then which order: several orders can sit in one table.
          aria-label={`${ACTIONS[action].button}: ${order.planName} for ${who}`}
          className={`btn btn-small ${action === 'refund' ? 'btn-secondary' : 'btn-ghost'}`}
          onClick={() => {
            setErrors({});
            setOpen(action);
          }}
        >
          {ACTIONS[action].button}
          <span className="sr-only">
            : {order.planName} for {who}
          </span>
        </button>
      ))}
      {open && (
        <CloseOrderDialog
          action={open}
          order={order}
          reasonId={reasonId}
          reason={reason}
          onReason={setReason}
          busy={busy}
          errors={errors}
          onConfirm={() => void confirm(open)}
          // While the request runs the dialog stays, so its answer (or its error) is seen.
          onCancel={() => {
            if (!busy) setOpen(null);
          }}
        />
      )}
    </div>
  );
}

/** The dialog's state for one order: which action it asks about, the reason, and sending it. */
function useCloseOrder(order: AdminOrder, onDone: (order: AdminOrder, message: string) => void) {
  const [open, setOpen] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const { submit, busy, errors, setErrors } = useSubmit();
  const reasonId = `close-reason-${order.id}`;

  /** Checks the reason, then settles the order once, whatever the clicks. */
  async function confirm(action: Action) {
    const parsed = orderClosingSchema.safeParse({ reason });
    if (!parsed.success) {
      setErrors({ reason: parsed.error.issues[0]?.message ?? '' });
      // The field, its error and its hint are read together when it takes the focus.
      document.getElementById(reasonId)?.focus();
      return;
    }
    await submit(
      async () => {
        const operation =
          ACTIONS[action].path === 'refund' ? paymentsApi.adminRefund : paymentsApi.adminCancel;
        const updated = await call(operation, { params: { id: order.id }, body: parsed.data });
        setOpen(null);
        setReason('');
        onDone(updated, doneMessage(action, order));
      },
      { what: action, fallback: 'The order could not be changed. Please try again.' },
    );
  }

  return { open, setOpen, reason, setReason, busy, errors, setErrors, confirm, reasonId };
}

const amountOf = (order: AdminOrder) =>
  formatPrice(order.amountCents, undefined, order.currency.toUpperCase());

/** The page's status message once the order is settled. */
function doneMessage(action: Action, order: AdminOrder): string {
  const who = order.childName ?? 'the family';
  // A child who was removed cannot be notified: say so rather than claim it.
  const told = order.childName
    ? `${order.childName} was notified.`
    : 'There is no child profile left to notify.';
  if (action === 'refund') return `${amountOf(order)} refunded for ${order.planName}. ${told}`;
  if (action === 'end') return `${order.planName} ended for ${who}, without a refund. ${told}`;
  return `The unpaid order for ${order.planName} was cancelled.`;
}

/** What the action will do, said in the dialog before it is confirmed. */
function WhatHappens({ action, order }: { action: Action; order: AdminOrder }) {
  const amount = amountOf(order);
  const who = order.childName ?? 'the family';
  return (
    <>
      <p>
        {order.planName} for {who}, {amount}.
      </p>
      {action === 'refund' && (
        <p>
          The whole {amount} goes back to the card that paid
          {order.provider === 'sandbox' ? ' (a sandbox order: no real money moves)' : ''}. The program ends
          now and {who} is told.
        </p>
      )}
      {action === 'end' && (
        <p>The program ends now and {who} is told. The payment is kept: nothing is refunded.</p>
      )}
      {action === 'cancel' && (
        <p>The payment is cancelled so the order can no longer be paid. Nobody is notified.</p>
      )}
    </>
  );
}

/** The question before an order is settled: what will happen, and the reason kept for the record. */
function CloseOrderDialog({
  action,
  order,
  reasonId,
  reason,
  onReason,
  busy,
  errors,
  onConfirm,
  onCancel,
}: {
  action: Action;
  order: AdminOrder;
  reasonId: string;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  errors: Errors;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={ACTIONS[action].title}
      confirmLabel={ACTIONS[action].confirm}
      cancelLabel="Keep the order as it is"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <WhatHappens action={action} order={order} />
      <LongTextField
        id={reasonId}
        label="Reason, for the record"
        hint="Kept on the order and in the audit log. Not shown on the family’s pages, but included when they export their data: write it so they could read it."
        value={reason}
        max={CLOSE_REASON_MAX}
        onValue={onReason}
        error={errors.reason}
        rows={3}
      />
      {/* A refusal that is not about the reason (already refunded, the provider unreachable...). */}
      {errors.form && !errors.reason && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
    </ConfirmDialog>
  );
}
