import { useRef, useState } from 'react';
import type { AdminPlan } from '~/features/plans/admin.schema';
import { formatDuration, formatPrice } from '~/features/plans/plans';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
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
  const list = useAdminList<AdminPlan>('/api/admin/plans', {
    q: '',
    sort: 'price',
    dir: 'asc',
    page: 1,
    filters: { status: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });

  const close = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <>
      <div className="admin-toolbar">
        <SearchBox
          id="plans-search"
          label="Search plans"
          value={params.q}
          placeholder="A word of the name or description"
          onChange={(q) => setParams({ q })}
        />
        <FilterSelect label="Show" name="status" options={STATUSES} params={params} setParams={setParams} />
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
      </div>

      {adding && (
        <section className="admin-panel pe-panel" aria-labelledby="plan-new-title">
          <div className="pe-panel-head">
            <h2 id="plan-new-title">New plan</h2>
            <button type="button" className="btn btn-ghost btn-small" onClick={close}>
              Close
            </button>
          </div>
          <PlanForm
            idPrefix="plan-new"
            initial={planToForm()}
            submitLabel="Create plan"
            onSave={async (input) => {
              const plan = await adminFetch<AdminPlan>('/api/admin/plans', { method: 'POST', body: input });
              setNotice(
                `“${plan.name}” is created${plan.active ? `. ${PUBLIC_DELAY}` : ', retired: families cannot buy it yet.'}`,
              );
              close();
              list.reload();
              return '';
            }}
          />
        </section>
      )}

      <FormAlert message={notice} tone="success" />

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="pe-list-heading">
          All plans
        </h2>
        <ListState
          loading={list.loading}
          error={list.error}
          empty={data?.items.length === 0}
          onRetry={list.reload}
          emptyText={
            params.q || params.filters.status ? (
              <p>No plan matches. Try another word, or show every plan.</p>
            ) : (
              <p>No plans yet. Add the first one: families choose it on the program pages.</p>
            )
          }
        >
          {data && (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">Plans, page {data.page}</caption>
                <thead>
                  <tr>
                    <SortHeader label="Name" sortKey="name" params={params} onSort={onSort} />
                    <SortHeader label="Duration" sortKey="duration" params={params} onSort={onSort} />
                    <SortHeader label="Price" sortKey="price" params={params} onSort={onSort} />
                    <th scope="col">Status</th>
                    <SortHeader
                      label="Orders"
                      sortKey="orders"
                      params={params}
                      onSort={onSort}
                      defaultDir="desc"
                    />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((plan) => (
                    <tr key={plan._id}>
                      <td>
                        <a href={`/updatePlan/${plan._id}`} className="pe-strong-link">
                          {plan.name}
                        </a>
                        {plan.description && <span className="hint pe-clamp">{plan.description}</span>}
                      </td>
                      <td>{formatDuration(plan.durationMonths)}</td>
                      <td className="pe-nowrap">
                        {formatPrice(plan.priceCents, undefined, plan.currency.toUpperCase())}
                      </td>
                      <td>
                        <span className="status-pill" data-tone={plan.active ? 'good' : undefined}>
                          {plan.active ? 'On sale' : 'Retired'}
                        </span>
                      </td>
                      <td>{plan.orderCount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
        {data && (
          <Pager
            label="Pages of plans"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => setParams({ page })}
          />
        )}
      </section>
    </>
  );
}
