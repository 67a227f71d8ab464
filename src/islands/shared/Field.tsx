import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
} from 'react';

// Where errors go, by field: in a module of their own, so a page that submits without a form field
// (useSubmit) does not load the fields.
export { byField, issuesByField } from './fieldErrors';

/** The ids of a control's hint and error, read with it by screen readers; undefined when neither shows. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The error of the control `id` (or of a group of controls), when there is one. */
export function FieldError({ id, error }: { id: string; error: ReactNode }) {
  return error ? (
    <p id={`${id}-error`} className="error">
      {error}
    </p>
  ) : null;
}

/** The hint and the error under a control, with the ids `describedBy` names. */
export function HintAndError({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown beside the field and read by screen readers with it. */
  error?: string | undefined;
}

/** A labelled text input whose hint and error are tied to it for assistive technology. */
export function Field({ id, label, hint, error, className, ...input }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className={`input ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled textarea, its hint and its error under it. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={className ? `textarea ${className}` : 'textarea'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A select's options: the empty choice first ("Choose…", or "Every status" in a filter), then each
 * value with its label, from a table of labels or a function.
 */
export function optionsOf<V extends string>(
  emptyLabel: string,
  values: readonly V[],
  labels: Record<V, string> | ((value: V) => string),
): (readonly [string, string])[] {
  const labelOf = typeof labels === 'function' ? labels : (value: V) => labels[value];
  return [['', emptyLabel], ...values.map((value) => [value, labelOf(value)] as const)];
}

/** A labelled select of [value, text] options, its hint and its error under it. */
export function SelectField({
  id,
  label,
  options,
  hint,
  error,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: ReactNode;
  options: readonly (readonly [string, ReactNode])[];
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled checkbox (the label beside the box), its hint and its error under it. */
export function CheckboxField({
  id,
  label,
  checked,
  onChecked,
  hint,
  error,
  className,
  inputRef,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** To focus the box (after an error about it). */
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="checkbox">
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <span>{label}</span>
      </label>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/** The form-level message: announced at once when it appears. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message?: string | undefined;
  tone?: 'error' | 'success';
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className="form-alert-region">
      {message && <p className={`form-alert form-alert-${tone}`}>{message}</p>}
    </div>
  );
}

/**
 * After a submit that found problems, moves focus to the first field marked invalid, so keyboard
 * and screen-reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}

/** The email address field every form uses: one label, type and autocomplete everywhere. */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <Field label="Email address" type="email" autoComplete="email" {...props} />;
}
