import { useRef, useState } from 'react';
import type { AdminPlan } from '~/features/plans/admin.schema';
import { formatDuration, formatPrice } from '~/features/plans/plans';
import { plansApi } from '~/features/plans/plans.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { FormPanel } from '~/islands/shared/admin/FormPanel';
import { ListToolbar } from '~/islands/shared/admin/ListControls';
import { type AdminList, useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { PlanForm, PUBLIC_DELAY, planToForm } from './PlanForm';
import '~/islands/shared/admin/adminForm.css';

const STATUSES = [
  ['', 'Every plan'],
  ['active', 'On sale'],
  ['retired', 'Retired'],
] as const;

/** /admin/create-plans: every plan, active and retired, and the form that adds one. */
export function PlansAdmin() {
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useAdminList<AdminPlan>(plansApi.adminList, {
    sort: 'price',
    dir: 'asc',
    filters: { status: '' },
  });

  const close = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <ListToolbar
        list={list}
        search={['Search plans', 'A word of the name or description']}
        filters={[{ label: 'Show', name: 'status', options: STATUSES }]}
      >
        <button
          ref={addButton}
          type="button"
          className="btn btn-primary"
          aria-expanded={adding}
          onClick={() => {
            setNotice(undefined);
            setAdding((a) => !a);
          }}
        >
          Add a plan
        </button>
      </ListToolbar>

      {adding && (
        <NewPlanPanel
          onClose={close}
          onCreated={(message) => {
            setNotice(message);
            close();
            list.reload();
          }}
        />
      )}

      <FormAlert message={notice} tone="success" />

      <PlansTable list={list} />
    </>
  );
}

/** Every plan, a page at a time. */
function PlansTable({ list }: { list: AdminList<AdminPlan> }) {
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="pe-list-heading">
        All plans
      </h2>
      <AdminTable
        list={list}
        caption={(page) => `Plans, page ${page}`}
        columns={[
          { label: 'Name', sort: 'name' },
          { label: 'Duration', sort: 'duration' },
          { label: 'Price', sort: 'price' },
          { label: 'Status' },
          { label: 'Orders', sort: 'orders', desc: true },
        ]}
        rowKey={(plan) => plan.id}
        row={(plan) => <PlanCells plan={plan} />}
        empty={<p>No plans yet. Add the first one: families choose it on the program pages.</p>}
        noMatch={<p>No plan matches. Try another word, or show every plan.</p>}
        pager="Pages of plans"
      />
    </section>
  );
}

/** One plan's cells: its name (the link to change it) and description, length, price, status, orders. */
function PlanCells({ plan }: { plan: AdminPlan }) {
  return (
    <>
      <td>
        <a href={pagePath('/updatePlan/{id}', plan.id)} className="pe-strong-link">
          {plan.name}
        </a>
        {plan.description && <span className="hint pe-clamp">{plan.description}</span>}
      </td>
      <td>{formatDuration(plan.durationMonths)}</td>
      <td className="pe-nowrap">{formatPrice(plan.priceCents, undefined, plan.currency.toUpperCase())}</td>
      <td>
        <span className="status-pill" data-tone={plan.active ? 'good' : undefined}>
          {plan.active ? 'On sale' : 'Retired'}
        </span>
      </td>
      <td>{plan.orderCount}</td>
    </>
  );
}

/** The form that adds a plan; `onCreated` gets what to say about it. */
function NewPlanPanel({ onClose, onCreated }: { onClose: () => void; onCreated: (message: string) => void }) {
  return (
    <FormPanel id="plan-new-title" title="New plan" onClose={onClose}>
      <PlanForm
        idPrefix="plan-new"
        initial={planToForm()}
        submitLabel="Create plan"
        onSave={async (input, idempotencyKey) => {
          const plan = await call(plansApi.adminCreate, { body: input, idempotencyKey });
          onCreated(
            `“${plan.name}” is created${plan.active ? `. ${PUBLIC_DELAY}` : ', retired: families cannot buy it yet.'}`,
          );
          return '';
        }}
      />
    </FormPanel>
  );
}
