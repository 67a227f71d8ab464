import type { TextareaHTMLAttributes } from 'react';
import { FieldError } from '~/islands/shared/Field';

/**
 * A labelled textarea with its hint, its error and a character count, all tied to it for
 * assistive technology (the count is read on request, not announced at every key).
 */
export function LongTextField({
  id,
  label,
  hint,
  error,
  value,
  max,
  onValue,
  rows = 5,
  ...rest
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  max: number;
  onValue: (value: string) => void;
  rows?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'maxLength'>) {
  const described = [hint ? `${id}-hint` : '', `${id}-count`, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const over = value.length > max;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className="textarea"
        rows={rows}
        value={value}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
      />
      <p id={`${id}-count`} className={`hint ${over ? 'error' : ''}`}>
        {value.length.toLocaleString('en')} of {max.toLocaleString('en')} characters
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
