import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { startAuth } from '~/features/family/family.store';
import { billingApi } from '~/features/payments/billing.api';
import { paymentsApi } from '~/features/payments/payments.api';
import type { OrderDto } from '~/features/payments/payments.schema';
import { formatPrice } from '~/features/plans/plans';
import { FormAlert } from '~/islands/shared/Field';
import { failedLoad, type RecordState } from '~/islands/shared/loadState';
import { WaitLine } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call, callForBlob } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import './Receipt.css';

const money = (cents: number, currency: string) => formatPrice(cents, undefined, currency.toUpperCase());
const day = (at: string | null | undefined) => (at ? formatTime(at, 'date') : '');

/** One payment's receipt: what, for whom, the period, the amount and any refund; printable. */
export function Receipt() {
  const user = useStore($userData);
  useEffect(startAuth, []);
  const [state, setState] = useState<RecordState<OrderDto>>({ status: 'loading' });
  useEffect(() => {
    if (!user) return;
    const id = new URLSearchParams(window.location.search).get('order') ?? '';
    // No order named (or not an id at all): nothing to ask the server.
    if (!/^[0-9a-f-]{36}$/i.test(id)) {
      setState({ status: 'missing' });
      return;
    }
    call(paymentsApi.order, { params: { id } })
      .then((record) => setState({ status: 'ready', record }))
      .catch((e: unknown) => setState(failedLoad(e, 'The receipt could not be loaded.')));
  }, [user]);

  if (state.status === 'loading') return <WaitLine>Loading the receipt…</WaitLine>;
  if (state.status === 'failed') return <FormAlert message={state.message} />;
  if (state.status === 'missing' || (state.record.status !== 'paid' && state.record.status !== 'refunded')) {
    return (
      <div className="surface receipt">
        <h2>No receipt for this payment</h2>
        <p>
          There is no paid order with this reference in your family account. Every payment and its receipt is
          listed in your <a href={pagePath('/update-profile')}>settings, under Billing</a>.
        </p>
      </div>
    );
  }
  return <ReceiptSheet order={state.record} parent={user?.displayName ?? ''} />;
}

function ReceiptSheet({ order: o, parent }: { order: OrderDto; parent: string }) {
  const starts = o.periodStart ?? o.subscription?.startsAt;
  const ends = o.periodEnd ?? o.subscription?.endsAt;
  const rows: [string, string][] = [
    ['Receipt number', o.id.slice(0, 8).toUpperCase()],
    ['Paid on', day(o.paidAt)],
    ['Paid by', parent],
    ['Program', `${o.plan.name}${o.purpose === 'renewal' ? ' (renewal)' : ''}`],
    ['For', o.child?.firstName ?? 'A child no longer on the account'],
    ...(starts && ends ? ([['Period', `${day(starts)} to ${day(ends)}`]] as [string, string][]) : []),
    ['Payment', o.provider === 'stripe' ? 'Card, through Stripe' : 'Test payment (no card was charged)'],
  ];
  return (
    <article className="surface receipt" aria-labelledby="receipt-title">
      <p className="receipt-brand">Quill Reads</p>
      <h2 id="receipt-title">Receipt</h2>
      <dl className="receipt-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="receipt-total">
          <dt>Total paid</dt>
          <dd>{money(o.amountCents, o.currency)}</dd>
        </div>
        {o.refundedCents > 0 && (
          <div>
            <dt>Refunded on {day(o.closedAt)}</dt>
            <dd>−{money(o.refundedCents, o.currency)}</dd>
          </div>
        )}
      </dl>
      <p className="receipt-note">Quill Reads · hello@quillreads.com · Prices include applicable taxes.</p>
      <div className="receipt-actions">
        <DownloadPdf orderId={o.id} />
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          Print
        </button>
        <a className="btn btn-ghost" href={pagePath('/update-profile', { hash: 'billing' })}>
          Back to billing
        </a>
      </div>
    </article>
  );
}

/** The receipt as a PDF file, made on the server (the same facts, in the family's own zone). */
function DownloadPdf({ orderId }: { orderId: string }) {
  const { submit, busy, errors } = useSubmit();
  const download = () =>
    submit(
      async () => {
        const blob = await callForBlob(billingApi.receiptPdf, { params: { id: orderId } });
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = `quillreads-receipt-${orderId.slice(0, 8)}.pdf`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      { fallback: 'The PDF could not be made. Please try again.' },
    );
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => void download()} aria-disabled={busy}>
        {busy ? 'Preparing the PDF…' : 'Download the PDF'}
      </button>
      {errors.form && <FormAlert message={errors.form} />}
    </>
  );
}
