import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import type { AdminPlan } from '~/features/plans/admin.schema';
import { formatDuration, formatPrice } from '~/features/plans/plans';
import { plansApi } from '~/features/plans/plans.api';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { Spinner } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { PlanForm, PUBLIC_DELAY, planToForm } from './PlanForm';
import '~/islands/shared/admin/adminForm.css';

const BACK = pagePath('/admin/create-plans');

/** /updatePlan/{id}: one plan's name, duration, price, description and whether it is on sale. */
export function PlanEditor({ planId }: { planId: string }) {
  const { state, reload, replace, refresh } = useRecord(recordOf(plansApi.adminGet, planId));

  if (state.status === 'loading')
    return (
      <p role="status">
        <Spinner label="" /> Loading the plan…
      </p>
    );
  if (state.status === 'missing')
    return (
      <section className="admin-state" aria-labelledby="plan-missing">
        <h2 id="plan-missing">There is no such plan</h2>
        <p>It may have been deleted, or the address is mistyped.</p>
        <a className="btn btn-secondary" href={BACK}>
          All plans
        </a>
      </section>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;

  const plan = state.record;
  return (
    <>
      <p>
        <a href={BACK}>← All plans</a>
      </p>
      <section className="admin-panel" aria-labelledby="plan-edit-title">
        <h2 id="plan-edit-title">{plan.name}</h2>
        <dl className="admin-details pe-summary">
          <dt>Now</dt>
          <dd>
            {formatPrice(plan.priceCents, undefined, plan.currency.toUpperCase())} for{' '}
            {formatDuration(plan.durationMonths)} ·{' '}
            <span className="status-pill" data-tone={plan.active ? 'good' : undefined}>
              {plan.active ? 'On sale' : 'Retired'}
            </span>
          </dd>
          <dt>Orders</dt>
          <dd>{plan.orderCount === 0 ? 'None yet' : plan.orderCount}</dd>
        </dl>
        <PlanForm
          key={plan.id}
          idPrefix="plan-edit"
          initial={planToForm(plan)}
          submitLabel="Save changes"
          onSave={async (input) => {
            const saved = await call(plansApi.adminUpdate, { params: { id: plan.id }, body: input });
            replace(saved);
            if (plan.active && !saved.active)
              return `“${saved.name}” is retired. ${PUBLIC_DELAY.replace('show it', 'stop showing it')}`;
            return `Changes saved. ${PUBLIC_DELAY}`;
          }}
        />
      </section>

      <DeletePlan plan={plan} onRefused={() => void refresh()} />
    </>
  );
}

/** Deleting the plan, for good, when no family has bought it; otherwise why it cannot be. */
function DeletePlan({ plan, onRefused }: { plan: AdminPlan; onRefused: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { submit, busy, errors } = useSubmit();

  const remove = () =>
    submit(
      async () => {
        try {
          await call(plansApi.adminDelete, { params: { id: plan.id } });
          await navigate(BACK);
        } catch (error) {
          setConfirming(false);
          // Someone bought it meanwhile: show the orders, and the advice to retire it.
          onRefused();
          throw error;
        }
      },
      { fallback: 'The plan could not be deleted. Please try again.' },
    );

  return (
    <>
      <section className="admin-panel" aria-labelledby="plan-delete-title">
        <h2 id="plan-delete-title">Delete this plan</h2>
        <FormAlert message={errors.form} />
        {plan.orderCount > 0 ? (
          <p>
            Families have bought this plan ({plan.orderCount} {plan.orderCount === 1 ? 'order' : 'orders'}),
            so it cannot be deleted: their orders point to it. To stop selling it, untick “Families can buy
            this plan” above and save.
          </p>
        ) : (
          <>
            <p>
              No family has bought this plan, so it can be deleted for good. Retiring it instead keeps it
              here.
            </p>
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              Delete plan…
            </button>
          </>
        )}
      </section>

      {confirming && (
        <ConfirmDialog
          title={`Delete “${plan.name}”?`}
          confirmLabel="Delete for good"
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>The plan leaves the program pages and this list. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
