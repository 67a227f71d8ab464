import { type FormEvent, useState } from 'react';
import {
  type AdminPlan,
  type ParsedPlanInput,
  type PlanForm as PlanFormValues,
  planFormSchema,
} from '~/features/plans/admin.schema';
import { centsToMoney } from '~/features/plans/money';
import { formatDuration, RECURRING_MAX_MONTHS } from '~/features/plans/plans';
import { AdminForm } from '~/islands/shared/admin/FormPanel';
import {
  CheckboxField,
  describedBy,
  Field,
  FieldError,
  FormAlert,
  TextAreaField,
} from '~/islands/shared/Field';
import { type Errors, useForm } from '~/islands/shared/useForm';

/** How soon the public pages show a change: their plan list is cached for a minute (docs/decisions/0008). */
export const PUBLIC_DELAY = 'The program pages show it within a minute.';

/** The API names fields by what it stores (priceCents); the form by what is typed (price). */
const FORM_FIELD: Record<string, string> = { priceCents: 'price', durationMonths: 'duration' };

function formFields(fields: Record<string, string>): Errors {
  const out: Errors = {};
  for (const [key, message] of Object.entries(fields)) out[FORM_FIELD[key] ?? key] ??= message;
  return out;
}

export function planToForm(plan?: AdminPlan): PlanFormValues {
  return plan
    ? {
        name: plan.name,
        duration: String(plan.durationMonths),
        price: centsToMoney(plan.priceCents),
        description: plan.description,
        startsOn: plan.startsOn ?? '',
        billing: plan.billing,
        active: plan.active,
      }
    : { name: '', duration: '1', price: '', description: '', startsOn: '', billing: 'once', active: true };
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
  /** Saves the plan; `idempotencyKey` names this submission, so a double-click creates one plan. */
  onSave: (input: ParsedPlanInput, idempotencyKey: string) => Promise<string>;
}) {
  const { formRef, values, set, field, errors, busy, save } = useForm(initial, idPrefix);
  const [notice, setNotice] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    void save(planFormSchema, values, async (input, key) => setNotice(await onSave(input, key)), {
      fallback: 'The plan could not be saved. Please try again.',
      fieldOf: formFields,
    });
  };

  return (
    <AdminForm
      formRef={formRef}
      onSubmit={submit}
      labelledBy={`${idPrefix}-title`}
      error={errors.form ?? errors.body}
      busy={busy}
      submitLabel={submitLabel}
    >
      <FormAlert message={notice} tone="success" />
      <Field
        {...field('name')}
        label="Name"
        autoComplete="off"
        maxLength={80}
        hint="As families see it on the program pages, e.g. Rated Reads Term."
      />
      <BillingChoice
        idPrefix={idPrefix}
        value={values.billing}
        onChange={(billing) => set({ billing })}
        error={errors.billing}
      />
      <LengthAndPrice field={field} duration={values.duration} recurring={values.billing === 'recurring'} />
      <TextAreaField
        {...field('description')}
        label="Description"
        rows={3}
        maxLength={1000}
        hint="One or two sentences on what the plan includes."
      />
      <Field
        {...field('startsOn')}
        label="Season start (optional)"
        type="date"
        hint="For a seasonal program such as a summer quest: bought before this day, it starts on it. Leave empty to start on purchase."
      />
      <CheckboxField
        id={`${idPrefix}-active`}
        label="Families can buy this plan"
        checked={values.active}
        onChecked={(active) => set({ active })}
        hint="Untick to retire it: it leaves the program pages, and families who bought it keep their orders."
      />
    </AdminForm>
  );
}

const BILLING_CHOICES = [
  {
    value: 'once',
    label: 'Paid once',
    hint: 'A fixed program: paid at check-out for its whole duration, then it ends.',
  },
  {
    value: 'recurring',
    label: 'Renews until cancelled',
    hint: 'Billed every period by card until the family cancels; they can pause or cancel from their profile.',
  },
] as const;

/** Whether the plan is paid once or renews: two radio buttons, each saying what it means. */
function BillingChoice(props: {
  idPrefix: string;
  value: 'once' | 'recurring';
  onChange: (billing: 'once' | 'recurring') => void;
  error: string | undefined;
}) {
  const id = `${props.idPrefix}-billing`;
  return (
    <fieldset className="field" aria-describedby={describedBy(id, undefined, props.error)}>
      <legend>Billing</legend>
      <div className="role-choices">
        {BILLING_CHOICES.map((choice) => (
          <label key={choice.value} className="choice role-choice">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={props.value === choice.value}
              onChange={() => props.onChange(choice.value)}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={`${id}-${choice.value}-hint`}
            />
            <span>
              <strong>{choice.label}</strong>
              <span id={`${id}-${choice.value}-hint`} className="hint">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={props.error} />
    </fieldset>
  );
}

/** The plan's length, read back in words as it is typed, and its price. */
function LengthAndPrice({
  field,
  duration,
  recurring,
}: {
  field: ReturnType<typeof useForm<PlanFormValues>>['field'];
  duration: string;
  recurring: boolean;
}) {
  const words = durationWords(duration);
  const hint = recurring
    ? `Billed again at the end of each period: a whole number of months, 1 to ${RECURRING_MAX_MONTHS}.`
    : `${words ? `Families read this as “${words}”. ` : ''}1.25 months is five weeks.`;
  return (
    <div className="field-row">
      <Field
        {...field('duration')}
        label={recurring ? 'Billing period in months' : 'Duration in months'}
        inputMode="decimal"
        autoComplete="off"
        hint={hint}
      />
      <Field
        {...field('price')}
        label="Price in US dollars"
        inputMode="decimal"
        autoComplete="off"
        hint="Dollars and cents, like 199.99."
      />
    </div>
  );
}
