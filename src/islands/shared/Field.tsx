import { type InputHTMLAttributes, type ReactNode, type RefObject, useEffect } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: string;
  /** Shown beside the field and read by screen readers with it. */
  error?: string | undefined;
}

/** A labelled text input whose hint and error are tied to it for assistive technology. */
export function Field({ id, label, hint, error, className, ...input }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
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

/** Server field keys such as `interests.0` belong to the field `interests`. */
export function byField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.replace(/^registration\./, '').split('.')[0] ?? key;
    out[field] ??= message;
  }
  return out;
}

/** The first message for each field of a failed validation, keyed by its top-level field. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

/** The email address field every form uses: one label, type and autocomplete everywhere. */
export function EmailField({
  id,
  value,
  onValue,
  error,
  hint,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <Field
      id={id}
      label="Email address"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      error={error}
      {...(hint ? { hint } : {})}
    />
  );
}
