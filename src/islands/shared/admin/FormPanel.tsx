import type { FormEvent, ReactNode, Ref } from 'react';
import { FormAlert } from '~/islands/shared/Field';
import './adminForm.css';

/**
 * The panel that opens above an admin list to add or edit one of its records: a heading, a Close
 * button beside it, and the form. Given a headingRef, the heading can take focus when it opens.
 */
export function FormPanel({
  id,
  title,
  headingRef,
  onClose,
  children,
}: {
  /** The heading's id, which names the panel. */
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section className="admin-panel pe-panel" aria-labelledby={id}>
      <div className="pe-panel-head">
        <h2 id={id} {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}>
          {title}
        </h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </section>
  );
}

/**
 * An admin record's form: the alert of what failed on top, its fields, and the save button
 * (with whatever follows it) at the bottom.
 */
export function AdminForm({
  formRef,
  onSubmit,
  labelledBy,
  error,
  busy,
  submitLabel,
  actionsClass,
  footer,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  /** The id of the heading that names the form. */
  labelledBy: string;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  /** The class of the row that holds the save button. */
  actionsClass?: string;
  /** After the save button. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <FormAlert message={error} />
      {children}
      <div className={actionsClass}>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {footer}
      </div>
    </form>
  );
}
