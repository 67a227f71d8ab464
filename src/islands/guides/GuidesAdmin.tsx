import { useId, useState } from 'react';
import { guideAdminApi } from '~/features/guides/guideAdmin.api';
import { type AdminGuide, type AdminGuides, MAX_CAPACITY } from '~/features/guides/guides.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { FieldError } from '~/islands/shared/Field';
import { useLoaded } from '~/islands/shared/useLoaded';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import '~/islands/shared/admin/admin.css';
import './guides.css';

const enrolmentsOf = (guide: string) => `${pagePath('/admin/enrolments')}?guide=${encodeURIComponent(guide)}`;

/** A guide's capacity, changed in place; refused below the children they follow, with the reason. */
function CapacityForm({ guide, onSaved }: { guide: AdminGuide; onSaved: (g: AdminGuide) => void }) {
  const id = useId();
  const [value, setValue] = useState(String(guide.capacity));
  const { submit, pending, errors } = useSubmit();
  const error = errors.capacity ?? errors.form;
  return (
    <form
      className="guide-capacity"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(
          async (key) =>
            onSaved(
              await call(guideAdminApi.change, {
                params: { id: guide.id },
                body: { capacity: Number(value) },
                idempotencyKey: key,
              }),
            ),
          { fallback: 'The capacity could not be saved. Try again.' },
        );
      }}
    >
      <label htmlFor={id}>
        Capacity<span className="sr-only"> of {guide.name}</span>
      </label>
      <input
        className="input"
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_CAPACITY}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn btn-secondary btn-small" aria-disabled={pending !== null}>
        {pending !== null ? 'Saving…' : 'Save'}
      </button>
      <FieldError id={id} error={error} />
    </form>
  );
}

/** One guide: who, how many readers against the capacity (with a meter), the capacity, their readers. */
function GuideCard({ guide, onSaved }: { guide: AdminGuide; onSaved: (g: AdminGuide) => void }) {
  const full = guide.load >= guide.capacity;
  const headingId = `guide-${guide.id}`;
  return (
    <li className="admin-panel guide-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={pagePath('/admin/users/{id}', guide.id)}>{guide.name}</a>
      </h3>
      <p className="hint guide-email">{guide.email}</p>
      <p>
        Follows {guide.load} of {guide.capacity} readers{' '}
        {full && (
          <span className="status-pill" data-tone="warn">
            Full
          </span>
        )}
        {guide.disabled && (
          <span className="status-pill" data-tone="bad">
            Disabled
          </span>
        )}
      </p>
      <meter
        className="guide-meter"
        min={0}
        max={guide.capacity}
        value={guide.load}
        aria-label={`${guide.name}’s readers against their capacity`}
      />
      <CapacityForm guide={guide} onSaved={onSaved} />
      <p>
        <a href={enrolmentsOf(guide.id)}>{guide.name}’s readers</a>
      </p>
    </li>
  );
}

/** The guides and the count of children waiting for one, loaded once and again on "Try again". */
function useGuides() {
  const { data, setData, error, retry } = useLoaded<AdminGuides>(
    (signal) => call(guideAdminApi.list, { signal }),
    'The guides could not be loaded.',
  );
  const saved = (next: AdminGuide) =>
    setData((d) => d && { ...d, guides: d.guides.map((g) => (g.id === next.id ? next : g)) });
  return { data, error, retry, saved };
}

function Unassigned({ count }: { count: number }) {
  return (
    <section className="admin-panel" aria-labelledby="unassigned-heading">
      <h2 id="unassigned-heading">Children without a guide</h2>
      <p>
        {count === 0
          ? 'Every child in a program has a reading guide.'
          : `${count} ${count === 1 ? 'child in a program has' : 'children in a program have'} no reading guide yet. Open a child’s page to assign one.`}
      </p>
      {count > 0 && (
        <p>
          <a className="btn btn-primary btn-small" href={enrolmentsOf('unassigned')}>
            See the children without a guide
          </a>
        </p>
      )}
    </section>
  );
}

/**
 * The team's view of the reading guides: each guide's load against their capacity (changed in
 * place), the way to each guide's readers, and the enrolled children waiting for a guide.
 */
export function GuidesAdmin() {
  const { data, error, retry, saved } = useGuides();
  if (error) return <LoadFailed message={error} onRetry={retry} />;
  if (!data)
    return (
      <p className="admin-loading" role="status">
        Loading the guides…
      </p>
    );
  return (
    <div className="guide-home">
      <Unassigned count={data.unassigned} />
      <section aria-labelledby="guides-heading">
        <h2 id="guides-heading">Guides</h2>
        {data.guides.length === 0 ? (
          <p>
            No reading guides yet. <a href={pagePath('/admin/create-new-account')}>Create an account</a> with
            the reading guide role, or change an account’s role in Accounts.
          </p>
        ) : (
          <ul className="guide-cards">
            {data.guides.map((guide) => (
              <GuideCard key={guide.id} guide={guide} onSaved={saved} />
            ))}
          </ul>
        )}
        <p>
          <a href={pagePath('/admin/create-new-account')}>Add a reading guide</a>
        </p>
      </section>
    </div>
  );
}
