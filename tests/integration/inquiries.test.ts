import { describe, expect, it } from 'vitest';
import { submitContactForm } from '../../src/features/inquiries/contactForm.server';
import { inquiries } from '../../src/platform/db/schema.server';
import { call, fileApi } from './harness';

const { database, api } = await fileApi();
let address = 0;
/** Each test sends from its own address, so the per-address limit only bites where it is tested. */
const nextAddress = () => `192.0.2.${++address}`;

const good = {
  name: 'Priya Shah',
  email: 'priya@example.com',
  subject: 'Summer program dates',
  message: 'When does the Summer Reading Quest start this year?',
};
const stored = async () => database.db.select().from(inquiries);

describe('POST /api/inquiries', () => {
  it('stores a message for the team and answers what was received', async () => {
    const res = await call(api, 'POST', '/api/inquiries', {
      body: { ...good, website: '' },
      address: nextAddress(),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...good, id: expect.any(String), createdAt: expect.any(String) });
    const rows = await stored();
    expect(rows.find((r) => r.id === res.json.id)).toMatchObject({ ...good, status: 'new' });
  });

  it('keeps script tags in a message as plain text, never as markup', async () => {
    const message = 'My child wrote <script>alert("hi")</script> in her story, is that normal?';
    const res = await call(api, 'POST', '/api/inquiries', {
      body: { ...good, message },
      address: nextAddress(),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json.message).toBe(message);
  });

  it('refuses bad input, naming the field, and stores nothing', async () => {
    const before = (await stored()).length;
    const cases: [unknown, string][] = [
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(81) }, 'name'],
      [{ ...good, name: '<b>Priya</b>' }, 'name'],
      [{ ...good, name: 42 }, 'name'],
      [{ ...good, email: 'priya@' }, 'email'],
      [{ ...good, email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ ...good, email: undefined }, 'email'],
      [{ ...good, subject: '' }, 'subject'],
      [{ ...good, subject: '<script>alert(1)</script>' }, 'subject'],
      [{ ...good, message: 'short' }, 'message'],
      [{ ...good, message: 'x'.repeat(5001) }, 'message'],
      [{ ...good, message: ['not', 'text'] }, 'message'],
      [{ ...good, message: 'Hello there\u0000 friends' }, 'message'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', '/api/inquiries', { body, address: nextAddress() });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body).slice(0, 80)).toHaveProperty([field]);
    }
    expect((await stored()).length).toBe(before);
  });

  it('answers a robot that filled the hidden field as if all went well, and keeps nothing', async () => {
    const before = (await stored()).length;
    const res = await call(api, 'POST', '/api/inquiries', {
      body: { ...good, website: 'http://spam.example' },
      address: nextAddress(),
    });
    expect(res.status).toBe(201);
    expect((await stored()).length).toBe(before);
  });

  it('limits each address to five messages in ten minutes', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) {
      expect((await call(api, 'POST', '/api/inquiries', { body: good, address: from })).status).toBe(201);
    }
    const refused = await call(api, 'POST', '/api/inquiries', { body: good, address: from });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe('rate_limited');
    expect((await call(api, 'POST', '/api/inquiries', { body: good, address: nextAddress() })).status).toBe(
      201,
    );
  });
});

describe('the contact form without JavaScript (pages/contact/send.astro)', () => {
  /** A plain web form posted from `address`, sent on to the API as the page does. */
  const postForm = (fields: Record<string, string>, address: string) =>
    submitContactForm(
      new Request('http://localhost/contact/send', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
      (request) => api.fetch(request, { clientAddress: address }),
    );

  it('stores the message as the island’s is stored, and once when the form is sent twice', async () => {
    const subject = 'Posted without JavaScript';
    const from = nextAddress();
    expect((await postForm({ ...good, subject, website: '' }, from)).outcome).toEqual({ sent: true });
    expect((await postForm({ ...good, subject, website: '' }, from)).outcome).toEqual({ sent: true });
    const rows = (await stored()).filter((r) => r.subject === subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...good, subject, status: 'new', internalNote: null });
  });

  it('answers a form that needs fixing with the field’s error and what was typed, storing nothing', async () => {
    const before = (await stored()).length;
    const { values, outcome } = await postForm({ ...good, email: 'priya@' }, nextAddress());
    expect(values).toMatchObject({ ...good, email: 'priya@' });
    expect(outcome).toMatchObject({
      sent: false,
      status: 400,
      errors: { email: 'Enter a full email address, like name@example.com.' },
    });
    expect((await stored()).length).toBe(before);
  });

  it('shares the limit of five messages in ten minutes with the island', async () => {
    const from = nextAddress();
    for (let i = 0; i < 5; i++) {
      expect((await call(api, 'POST', '/api/inquiries', { body: good, address: from })).status).toBe(201);
    }
    const refused = await postForm({ ...good, subject: 'One more' }, from);
    expect(refused.outcome).toMatchObject({ sent: false, status: 429, retryAfter: expect.any(String) });
  });
});
