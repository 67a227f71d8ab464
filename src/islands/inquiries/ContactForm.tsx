import { useStore } from '@nanostores/react';
import { type FormEvent, useRef, useState } from 'react';
import type { InquiryReceipt } from '~/features/inquiries/inquiries.schema';
import { $inquiryData, setInquiryData } from '~/features/inquiries/inquiry.store';
import {
  byField,
  EmailField,
  Field,
  FormAlert,
  issuesByField,
  useFocusFirstInvalid,
} from '~/islands/shared/Field';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ApiClientError, apiFetch } from '~/platform/client/api';
import './ContactForm.css';

type Errors = Record<string, string>;

/** The inquiry form: errors beside each field, a hidden field for robots, and a real confirmation. */
export function ContactForm() {
  const hydrated = useHydrated();
  const sent = useStore($inquiryData);
  const [values, setValues] = useState({ name: '', email: '', subject: '', message: '', website: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  useFocusFirstInvalid(formRef, errors);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let schema: typeof import('~/features/inquiries/inquiries.schema')['inquiryInputSchema'];
    try {
      ({ inquiryInputSchema: schema } = await import('~/features/inquiries/inquiries.schema'));
    } catch {
      setErrors({
        form: 'The page could not load everything it needs. Check your connection and try again.',
      });
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const receipt = await apiFetch<InquiryReceipt>('/api/inquiries', { method: 'POST', body: parsed.data });
      setInquiryData({
        name: receipt.name,
        email: receipt.email,
        subject: receipt.subject,
        message: receipt.message,
      });
      setValues({ name: '', email: '', subject: '', message: '', website: '' });
      requestAnimationFrame(() => confirmationRef.current?.focus());
    } catch (error) {
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'Your message could not be sent. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  if (hydrated && sent) {
    return (
      <section className="contact-sent" aria-labelledby="contact-sent-title">
        <h2 id="contact-sent-title" tabIndex={-1} ref={confirmationRef}>
          Thank you, {sent.name}. Your message is with our team.
        </h2>
        <p>
          We answer within two working days, by email to <strong>{sent.email}</strong>. Here is what you sent:
        </p>
        <dl className="contact-sent-summary">
          <dt>Subject</dt>
          <dd>{sent.subject}</dd>
          <dt>Message</dt>
          <dd className="contact-sent-message">{sent.message}</dd>
        </dl>
        <button type="button" className="btn btn-secondary" onClick={() => setInquiryData(null)}>
          Send another message
        </button>
      </section>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Contact form" className="contact-form">
      <FormAlert message={errors.form} />
      <div className="field-pair">
        <Field
          id="contact-name"
          label="Your name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <EmailField
          id="contact-email"
          value={values.email}
          onValue={(email) => setValues((v) => ({ ...v, email }))}
          error={errors.email}
          hint="We reply to this address."
        />
      </div>
      <Field
        id="contact-subject"
        label="Subject"
        value={values.subject}
        onChange={set('subject')}
        error={errors.subject}
      />
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          className="textarea"
          rows={6}
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={['contact-message-hint', errors.message ? 'contact-message-error' : '']
            .filter(Boolean)
            .join(' ')}
        />
        <p id="contact-message-hint" className="hint">
          If it is about a child’s program, their first name is enough.
        </p>
        {errors.message && (
          <p id="contact-message-error" className="error">
            {errors.message}
          </p>
        )}
      </div>
      {/* For robots only: hidden from people and from assistive technology. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      <button type="submit" className="btn btn-primary" aria-disabled={busy} disabled={!hydrated}>
        {busy ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
