import { describe, expect, it } from 'vitest';
import { contentKey, submitContactForm } from './contactForm.server';

const filled = {
  name: 'Priya Shah',
  email: 'priya@example.com',
  subject: 'Dates',
  message: 'When do we start?',
};

function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://localhost:4321/contact/send', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A stand-in for the API that keeps what it was sent and answers `answer`. */
function fakeApi(answer: () => Response) {
  const sent: Request[] = [];
  return {
    sent,
    send: (request: Request) => {
      sent.push(request);
      return answer();
    },
  };
}

const created = () => Response.json({ id: '1' }, { status: 201 });

describe('submitContactForm', () => {
  it('sends the form to the API as the island does: JSON, every field, and one key per message', async () => {
    const api = fakeApi(created);
    const { values, outcome } = await submitContactForm(formPost({ ...filled, website: '' }), api.send);
    expect(outcome).toEqual({ sent: true });
    expect(values).toEqual({ ...filled, website: '' });
    const [request] = api.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('http://localhost:4321/api/inquiries');
    expect(request?.headers.get('content-type')).toBe('application/json');
    const body = await request?.text();
    expect(JSON.parse(body ?? '')).toEqual({ ...filled, website: '' });
    expect(request?.headers.get('idempotency-key')).toBe(contentKey(body ?? ''));
    expect(contentKey(body ?? '')).toMatch(/^[A-Za-z0-9_-]{16,100}$/);

    // The same message again carries the same key (the API then stores it once); another does not.
    await submitContactForm(formPost({ ...filled, website: '' }), api.send);
    await submitContactForm(formPost({ ...filled, subject: 'Other', website: '' }), api.send);
    expect(api.sent[1]?.headers.get('idempotency-key')).toBe(request?.headers.get('idempotency-key'));
    expect(api.sent[2]?.headers.get('idempotency-key')).not.toBe(request?.headers.get('idempotency-key'));
  });

  it('gives back what was typed with the errors the API found', async () => {
    const api = fakeApi(() =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some of what was sent is not valid.',
            fields: { email: 'Bad' },
          },
        },
        { status: 400 },
      ),
    );
    const { values, outcome } = await submitContactForm(formPost({ ...filled, email: 'priya@' }), api.send);
    expect(values.email).toBe('priya@');
    expect(outcome).toMatchObject({ sent: false, status: 400, errors: { email: 'Bad' } });
  });

  it('refuses a form posted from another site, and a body too big to be a message, without calling the API', async () => {
    const api = fakeApi(created);
    const foreign = await submitContactForm(formPost(filled, { 'sec-fetch-site': 'cross-site' }), api.send);
    expect(foreign.outcome).toMatchObject({ sent: false, status: 403 });
    const huge = await submitContactForm(formPost({ ...filled, message: 'a'.repeat(70_000) }), api.send);
    expect(huge.outcome).toMatchObject({ sent: false, status: 413 });
    expect(api.sent).toHaveLength(0);
    const sameSite = await submitContactForm(formPost(filled, { 'sec-fetch-site': 'same-origin' }), api.send);
    expect(sameSite.outcome).toEqual({ sent: true });
  });
});
