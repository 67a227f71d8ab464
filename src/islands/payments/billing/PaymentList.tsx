import { useState } from 'react';
import { billingApi } from '~/features/payments/billing.api';
import type { PaymentDto } from '~/features/payments/billing.schema';
import { formatPrice } from '~/features/plans/plans';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import type { BillingActions } from './useBilling';

const amount = (cents: number, currency: string) => formatPrice(cents, undefined, currency.toUpperCase());

const STATUS_WORDS: Record<PaymentDto['status'], string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  failed: 'Declined',
  pending: 'Waiting for your bank',
  cancelled: 'Cancelled',
};

/** When a payment was made: a renewal's is its period's first day (a sandbox clock moved forward too). */
const dateOf = (p: PaymentDto) => (p.purpose === 'renewal' ? p.periodStart : null) ?? p.paidAt ?? p.createdAt;

function statusOf(p: PaymentDto) {
  if (p.status === 'refunded' && p.refundedCents < p.amountCents)
    return `Refunded ${amount(p.refundedCents, p.currency)}`;
  return STATUS_WORDS[p.status];
}

/** Every payment, newest first, each with its receipt; a program paid once may still be refunded. */
export function PaymentList({ payments, actions }: { payments: PaymentDto[]; actions: BillingActions }) {
  const [refunding, setRefunding] = useState<PaymentDto | null>(null);
  if (payments.length === 0) {
    return (
      <>
        <h3>Payments</h3>
        <p className="settings-note">No payments yet.</p>
      </>
    );
  }
  return (
    <>
      <h3 id="billing-payments">Payments</h3>
      <div className="table-scroll">
        <table className="billing-payments" aria-labelledby="billing-payments">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Program</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Receipt and refund</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id}>
                <td>{formatTime(dateOf(p), 'shortDate')}</td>
                <td>
                  {p.planName}
                  {p.childFirstName ? ` for ${p.childFirstName}` : ''}
                  {p.purpose === 'renewal' ? ' (renewal)' : ''}
                </td>
                <td>{amount(p.amountCents, p.currency)}</td>
                <td>{statusOf(p)}</td>
                <td className="billing-row-actions">
                  {(p.status === 'paid' || p.status === 'refunded') && (
                    <a href={pagePath('/receipt', { query: { order: p.id } })}>
                      Receipt
                      <span className="sr-only">, {formatTime(dateOf(p), 'shortDate')}</span>
                    </a>
                  )}
                  {p.refund && (
                    <button type="button" className="link-button" onClick={() => setRefunding(p)}>
                      Refund…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {refunding && <RefundDialog payment={refunding} actions={actions} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** A program paid once, refunded for its unused part: said in money and dates before it happens. */
function RefundDialog({
  payment: p,
  actions,
  onClose,
}: {
  payment: PaymentDto;
  actions: BillingActions;
  onClose: () => void;
}) {
  const what = `refund-${p.id}`;
  const back = p.refund ? amount(p.refund.amountCents, p.currency) : '';
  const confirm = async () => {
    const send = () => call(billingApi.refundProgram, { params: { id: p.id }, body: {} });
    if (await actions.act(what, send, `${back} refunded; the program has ended.`)) onClose();
  };
  return (
    <ConfirmDialog
      title={`Refund ${p.planName}?`}
      confirmLabel={`Refund ${back} and end it`}
      cancelLabel="Keep the program"
      danger
      busy={actions.pending === what}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        We refund {back}, the unused part, to the card that paid, and the program ends today
        {p.childFirstName ? ` for ${p.childFirstName}` : ''}.
      </p>
      <FormAlert message={actions.errors.refund} />
    </ConfirmDialog>
  );
}
