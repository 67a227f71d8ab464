import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { startAuth } from '~/features/family/family.store';
import { billingApi } from '~/features/payments/billing.api';
import type { BillingDto } from '~/features/payments/billing.schema';
import { billingTermsText } from '~/features/payments/billingTerms';
import { FormAlert } from '~/islands/shared/Field';
import { WaitLine } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { MembershipCard } from './MembershipCard';
import { PaymentList } from './PaymentList';
import { SandboxClock } from './SandboxClock';
import { type BillingActions, useBilling } from './useBilling';
import '../Checkout.css';
import '~/islands/family/FamilySettings.css';
import './Billing.css';

/**
 * The family's billing, on their settings page: each renewing program (its next renewal, cancel,
 * pause, an unpaid renewal tried again), every payment with its receipt, and Stripe's portal for
 * cards and invoices. Every change says what it did, and the rules are the terms' own words.
 */
export function BillingSection() {
  const user = useStore($userData);
  useEffect(startAuth, []);
  const actions = useBilling(Boolean(user));
  const { load } = actions;
  return (
    <section id="billing" className="surface settings-card billing" aria-labelledby="settings-billing">
      <h2 id="settings-billing">Billing</h2>
      {load.status === 'loading' && <WaitLine>Loading your programs and payments…</WaitLine>}
      {load.status === 'failed' && (
        <>
          <FormAlert message={load.message} />
          <button type="button" className="btn btn-secondary" onClick={actions.reload}>
            Try again
          </button>
        </>
      )}
      {load.status === 'ready' && <BillingBody billing={load.billing} actions={actions} />}
    </section>
  );
}

function BillingBody({ billing, actions }: { billing: BillingDto; actions: BillingActions }) {
  return (
    <>
      <FormAlert message={actions.notice} tone="success" />
      <FormAlert message={actions.errors.form} />
      <h3>Renewing programs</h3>
      {billing.memberships.length === 0 ? (
        <p className="settings-note">
          No renewing program yet. <a href={pagePath('/programs')}>See the programs</a>: monthly and termly
          ones renew until you cancel, and you can pause them for a holiday.
        </p>
      ) : (
        <ul className="plain-list billing-memberships">
          {billing.memberships.map((m) => (
            <li key={m.id}>
              <MembershipCard membership={m} actions={actions} />
            </li>
          ))}
        </ul>
      )}
      <details className="billing-terms">
        <summary>How renewals, refunds and pauses work</summary>
        {Object.values(billingTermsText).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </details>
      <PaymentList payments={billing.payments} actions={actions} />
      {billing.portal && <PortalButton />}
      {billing.sandbox && <SandboxClock sandbox={billing.sandbox} actions={actions} />}
    </>
  );
}

/** Stripe's Customer Portal: change the card, download invoices. */
function PortalButton() {
  const { submit, busy, errors } = useSubmit();
  const open = () =>
    submit(
      async () => {
        const { url } = await call(billingApi.portal, {});
        window.location.assign(url);
      },
      { fallback: 'Stripe could not be reached. Please try again in a few minutes.' },
    );
  return (
    <div className="billing-portal">
      <FormAlert message={errors.form} />
      <button type="button" className="btn btn-secondary" onClick={() => void open()} aria-disabled={busy}>
        {busy ? 'Opening Stripe…' : 'Change your card or see invoices at Stripe'}
      </button>
    </div>
  );
}
