import { useStore } from '@nanostores/react';
import { type FormEvent, type RefObject, useRef } from 'react';
import {
  CONTACT_FORM_ACTION,
  type ContactFormErrors,
  type ContactFormValues,
  EMPTY_CONTACT_FORM,
} from '~/features/inquiries/contactForm';
import { $inquiryData, setInquiryData } from '~/features/inquiries/inquiry.store';
import { EmailField, Field, FormAlert, TextAreaField } from '~/islands/shared/Field';
import { useForm } from '~/islands/shared/useForm';
import { useHydrated } from '~/islands/shared/useHydrated';
import { call } from '~/platform/client/api';
import './ContactForm.css';

interface Props {
  /** What was typed into the form posted without JavaScript, shown again with its errors. */
  values?: ContactFormValues | undefined;
  errors?: ContactFormErrors | undefined;
}

/**
 * The contact form's values and its sending: the schema (and zod) load when the form is first
 * sent, not with the page; the message is sent once however often it is pressed, with one
 * idempotency key for every try. Once sent, the confirmation's heading takes focus.
 */
function useContactForm(
  { values: posted, errors: postedErrors }: Props,
  confirmationRef: RefObject<HTMLHeadingElement | null>,
) {
  const form = useForm<ContactFormValues>(posted ?? EMPTY_CONTACT_FORM, 'contact', { ...postedErrors });
  const { values, setValues, setErrors, busy, save } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let api: typeof import('~/features/inquiries/inquiries.api')['inquiriesApi'];
    let schema: typeof import('~/features/inquiries/inquiries.schema')['inquiryInputSchema'];
    try {
      [{ inquiriesApi: api }, { inquiryInputSchema: schema }] = await Promise.all([
        import('~/features/inquiries/inquiries.api'),
        import('~/features/inquiries/inquiries.schema'),
      ]);
    } catch {
      setErrors({
        form: 'The page could not load everything it needs. Check your connection and try again.',
      });
      return;
    }
    await save(
      schema,
      values,
      async (data, idempotencyKey) => {
        const receipt = await call(api.create, { body: data, idempotencyKey });
        setInquiryData({
          name: receipt.name,
          email: receipt.email,
          subject: receipt.subject,
          message: receipt.message,
        });
        setValues(EMPTY_CONTACT_FORM);
        requestAnimationFrame(() => confirmationRef.current?.focus());
      },
      { fallback: 'Your message could not be sent. Please try again.' },
    );
  };

  return { ...form, submit };
}

/**
 * The inquiry form: errors beside each field, a hidden field for robots, and a real confirmation.
 * Without JavaScript (or before the island wakes) it is a plain web form posted to
 * pages/contact/send.astro, which answers with a page; once hydrated, it sends through the API here.
 */
export function ContactForm(props: Props) {
  const hydrated = useHydrated();
  const sent = useStore($inquiryData);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const { formRef, values, set, field, errors, busy, submit } = useContactForm(props, confirmationRef);

  if (hydrated && sent) return <ContactSent sent={sent} headingRef={confirmationRef} />;

  return (
    <form
      ref={formRef}
      id="contact-form"
      action={CONTACT_FORM_ACTION}
      method="post"
      onSubmit={submit}
      noValidate
      aria-label="Contact form"
      className="contact-form surface"
    >
      <FormAlert message={errors.form} />
      <div className="field-pair">
        <Field {...field('name')} name="name" label="Your name" autoComplete="name" />
        <EmailField {...field('email')} name="email" hint="We reply to this address." />
      </div>
      <Field {...field('subject')} name="subject" label="Subject" />
      <TextAreaField
        {...field('message')}
        name="message"
        label="Message"
        rows={6}
        hint="If it is about a child’s program, their first name is enough."
      />
      {/* For robots only: hidden from people and from assistive technology. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set({ website: e.target.value })}
        />
      </div>
      {/* Never disabled: before the island wakes, the button posts the form as a plain web form. */}
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}

/** The message sent: thanks, when and where the answer comes, what was sent, and a way to send another. */
function ContactSent({
  sent,
  headingRef,
}: {
  sent: NonNullable<ReturnType<typeof $inquiryData.get>>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section className="contact-sent surface" aria-labelledby="contact-sent-title">
      <h2 id="contact-sent-title" tabIndex={-1} ref={headingRef}>
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
