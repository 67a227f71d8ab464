import { type FormEvent, useRef, useState } from 'react';
import {
  type AdminPlan,
  type ParsedPlanInput,
  type PlanForm as PlanFormValues,
  planFormSchema,
} from '~/features/plans/admin.schema';
import { centsToMoney } from '~/features/plans/money';
import { formatDuration } from '~/features/plans/plans';
import { Field, FormAlert, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';

type Errors = Record<string, string>;

/** How soon the public pages show a change: their plan list is cached for a minute (docs/decisions/0008). */
export const PUBLIC_DELAY = 'The program pages show it within a minute.';

/** The API names fields by what it stores (priceCents); the form by what is typed (price). */
const FORM_FIELD: Record<string, string> = { priceCents: 'price', durationMonths: 'duration' };

export function planToForm(plan?: AdminPlan): PlanFormValues {
  return plan
    ? {
        name: plan.name,
        duration: String(plan.durationMonths),
        price: centsToMoney(plan.priceCents),
        description: plan.description,
        active: plan.active,
      }
    : { name: '', duration: '1', price: '', description: '', active: true };
}

/** A duration as typed, read back in words ("1.25" → "5 weeks") so a slip shows before saving. */
function durationWords(text: string): string | undefined {
  const months = Number(text);
  return /^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) && months > 0 ? formatDuration(months) : undefined;
}

/**
 * The plan form, for a new plan and for changes. The price is typed as money ("199.99") and
 * becomes whole cents before it leaves the page; each error shows beside its field.
 */
export function PlanForm({
  idPrefix,
  initial,
  submitLabel,
  onSave,
}: {
  idPrefix: string;
  initial: PlanFormValues;
  submitLabel: string;
  /** Sends the plan; resolves with a message to show, or throws ApiClientError. */
  onSave: (input: ParsedPlanInput) => Promise<string>;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const id = (field: string) => `${idPrefix}-${field}`;
  const set = (field: 'name' | 'duration' | 'price' | 'description') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const parsed = planFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setNotice(await onSave(parsed.data));
    } catch (error) {
      if (error instanceof ApiClientError) {
        const fields: Errors = {};
        for (const [key, message] of Object.entries(error.fields)) fields[FORM_FIELD[key] ?? key] ??= message;
        setErrors({ ...fields, form: error.message });
      } else setErrors({ form: 'The plan could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const words = durationWords(values.duration);
  return (
    <form
      ref={formRef}
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
    >
      <FormAlert message={errors.form ?? errors.body} />
      <FormAlert message={notice} tone="success" />
      <Field
        id={id('name')}
        label="Name"
        autoComplete="off"
        maxLength={80}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        hint="As families see it on the program pages, e.g. Rated Reads Term."
      />
      <div className="field-row">
        <Field
          id={id('duration')}
          label="Duration in months"
          inputMode="decimal"
          autoComplete="off"
          value={values.duration}
          onChange={set('duration')}
          error={errors.duration}
          hint={
            words
              ? `Families read this as “${words}”. 1.25 months is five weeks.`
              : '1.25 months is five weeks.'
          }
        />
        <Field
          id={id('price')}
          label="Price in US dollars"
          inputMode="decimal"
          autoComplete="off"
          value={values.price}
          onChange={set('price')}
          error={errors.price}
          hint="Dollars and cents, like 199.99."
        />
      </div>
      <div className="field">
        <label htmlFor={id('description')}>Description</label>
        <textarea
          id={id('description')}
          className="textarea"
          rows={3}
          maxLength={1000}
          value={values.description}
          onChange={set('description')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[id('description-hint'), errors.description ? id('description-error') : '']
            .filter(Boolean)
            .join(' ')}
        />
        <p id={id('description-hint')} className="hint">
          One or two sentences on what the plan includes.
        </p>
        {errors.description && (
          <p id={id('description-error')} className="error">
            {errors.description}
          </p>
        )}
      </div>
      <div className="field">
        <label className="checkbox" htmlFor={id('active')}>
          <input
            id={id('active')}
            type="checkbox"
            checked={values.active}
            onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
            aria-describedby={id('active-hint')}
          />
          <span>Families can buy this plan</span>
        </label>
        <p id={id('active-hint')} className="hint">
          Untick to retire it: it leaves the program pages, and families who bought it keep their orders.
        </p>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
