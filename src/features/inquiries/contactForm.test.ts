import { describe, expect, it } from 'vitest';
import { contactFormOutcome, contactFormValues, EMPTY_CONTACT_FORM } from './contactForm';

describe('contactFormValues', () => {
  it('takes each field of the form as text, with the line breaks the island sends, and nothing else', () => {
    const form = new FormData();
    form.set('name', 'Priya Shah');
    form.set('email', 'priya@example.com');
    form.set('message', 'Line one\r\nLine two');
    form.set('role', 'admin');
    form.set('subject', new Blob(['a file']), 'subject.txt');
    expect(contactFormValues(form)).toEqual({
      ...EMPTY_CONTACT_FORM,
      name: 'Priya Shah',
      email: 'priya@example.com',
      message: 'Line one\nLine two',
    });
  });
});

describe('contactFormOutcome', () => {
  it('is sent for a 201', () => {
    expect(contactFormOutcome(201, { id: 'x' })).toEqual({ sent: true });
  });

  it('puts the API’s field errors beside their fields and its message over the form', () => {
    const outcome = contactFormOutcome(400, {
      error: {
        code: 'validation_failed',
        message: 'Some of what was sent is not valid.',
        fields: {
          email: 'Enter a full email address, like name@example.com.',
          'message.0': 'Too short',
          role: 'x',
        },
      },
    });
    expect(outcome).toEqual({
      sent: false,
      status: 400,
      retryAfter: undefined,
      errors: {
        email: 'Enter a full email address, like name@example.com.',
        message: 'Too short',
        form: 'Some of what was sent is not valid.',
      },
    });
  });

  it('keeps the wait of a rate limit, and says something useful when the answer says nothing', () => {
    expect(
      contactFormOutcome(429, { error: { code: 'rate_limited', message: 'Please wait.' } }, '120'),
    ).toMatchObject({ sent: false, status: 429, retryAfter: '120', errors: { form: 'Please wait.' } });
    expect(contactFormOutcome(502, null)).toMatchObject({
      sent: false,
      status: 502,
      errors: { form: 'Your message could not be sent. Please try again.' },
    });
  });
});
