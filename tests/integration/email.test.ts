import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../scripts/mailCatcher.mjs';
import type { EmailOutboxDto } from '../../src/features/admin/emails.schema';
import { EMAIL_TEMPLATES } from '../../src/features/emails.server';
import { receiptEmail } from '../../src/features/payments/emails/receiptEmail';
import { weeklyPlanEmail } from '../../src/features/program/emails/weeklyPlanEmail';
import { emails, orders, plans, users } from '../../src/platform/db/schema.server';
import { createMailer } from '../../src/platform/email/mailer.server';
import {
  emailRetryDelayMs,
  failedEmails,
  MAX_EMAIL_ATTEMPTS,
  queueEmail,
  type Recipient,
  recipientOf,
  retryEmail,
  sendDueEmails,
} from '../../src/platform/email/outbox.server';
import { sandboxProvider } from '../../src/platform/payments/provider.server';
import { adminAccount, auditEntries, call, familyWithChild, fileApi, postPaymentEvent } from './harness';

// The outbox against a real SMTP server (the local catcher) and the real database: a payment queues
// one receipt, sent once whatever delivers the event twice; a server that refuses makes the message
// wait longer each time and, after its last attempt, wait for the team.

const SECRET = 'whsec_email_test_secret';
const { database, api } = await fileApi({ payments: sandboxProvider(SECRET) });
const catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'Quill Reads <hello@quillreads.com>' });
const outbox = { mailer, templates: EMAIL_TEMPLATES };
const [planId] = (
  await database.db
    .insert(plans)
    .values({ name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900 })
    .returning({ id: plans.id })
).map((r) => r.id) as [string];

/** The configured administrator, registered once for this file. */
let registered: ReturnType<typeof adminAccount> | undefined;
const theAdmin = () => {
  registered ??= adminAccount(api);
  return registered;
};

afterAll(async () => {
  mailer.close();
  await catcher.stop();
});
beforeEach(async () => {
  // Messages left by another test would be sent by this one's sendDueEmails.
  await database.db.update(emails).set({ status: 'sent' }).where(eq(emails.status, 'queued'));
  catcher.clear();
});

/** A family that has bought the monthly plan for Maya in the sandbox; answers its order and address. */
async function paidOrder() {
  const { token, childId, email } = await familyWithChild(api, {
    firstName: 'Maya',
    ageBand: '6-8',
    readingLevel: 'sapling',
  });
  const started = await call(api, 'POST', '/api/checkout', { token, body: { planId, childId } });
  const orderId = String(started.json.orderId);
  const paid = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
    token,
    body: { outcome: 'succeed' },
  });
  expect(paid.json).toMatchObject({ status: 'paid' });
  return { orderId, email, token };
}

const rowsFor = (orderId: string) =>
  database.db
    .select()
    .from(emails)
    .where(eq(emails.key, `${receiptEmail.name}:${orderId}`));

describe('a payment’s receipt', () => {
  it('is queued with the payment, sent once, to the account’s address, in HTML and text', async () => {
    const { orderId, email, token } = await paidOrder();
    const [queued] = await rowsFor(orderId);
    expect(queued).toMatchObject({ status: 'queued', toAddress: email, attempts: 0 });

    expect(await sendDueEmails(database.db, outbox)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [message, ...others] = catcher.messages();
    expect(others).toEqual([]);
    expect(message?.to).toEqual([email]);
    expect(message?.subject).toBe('Your receipt: Rated Reads Monthly for Maya ($29.00)');
    expect(message?.messageId).toBe(`<${queued?.id}@quillreads.email>`);
    expect(message?.text).toContain('Maya is enrolled in Rated Reads Monthly');
    expect(message?.text).toContain(orderId.slice(0, 8).toUpperCase());
    expect(message?.html).toContain('prefers-color-scheme: dark');
    // Links come from the configured site address, never from a request.
    expect(message?.html).toContain(`http://localhost:4321/receipt?order=${orderId}`);
    // Transactional: no unsubscribe header.
    expect(message?.headers['list-unsubscribe']).toBeUndefined();
    const [sent] = await rowsFor(orderId);
    expect(sent).toMatchObject({ status: 'sent', subject: message?.subject, lastError: null });

    // The family's export lists what was sent to them.
    const exported = await call(api, 'GET', '/api/me/export', { token });
    expect(exported.json.emails).toEqual([
      expect.objectContaining({ to: email, subject: message?.subject, status: 'sent' }),
    ]);

    // Nothing more is due: a second run sends nothing.
    expect(await sendDueEmails(database.db, outbox)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(catcher.messages()).toHaveLength(1);
  });

  it('is one message when the payment event arrives again', async () => {
    const { orderId } = await paidOrder();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const payload = JSON.stringify({
      id: `evt_replay_${orderId}`,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: order?.providerRef,
          amount_received: order?.amountCents,
          currency: 'usd',
          metadata: { orderId },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await postPaymentEvent(api, payload, signature)).status).toBe(200);
    expect(await rowsFor(orderId)).toHaveLength(1);
    // Queued again by hand (a retried job, say): still one row.
    const again = await queueEmail(database.db, receiptEmail, {
      key: orderId,
      to: (await recipientOf(database.db, order?.userId as string)) as Recipient,
      data: (await rowsFor(orderId))[0]?.data as never,
    });
    expect(again).toBe(false);
    expect(await rowsFor(orderId)).toHaveLength(1);
  });
});

describe('a message the parent opted into', () => {
  it('carries the one-click unsubscribe headers (RFC 8058) and a link to the preferences page', async () => {
    const { email } = await paidOrder();
    await queueEmail(database.db, weeklyPlanEmail, {
      key: `test-${email}`,
      to: email,
      data: {
        planId: '6f1c2a9e-4b7d-4c1e-9a3b-2d5e8f0a1b2c',
        parentName: 'Sam Parent',
        childFirstName: 'Maya',
        weekNumber: 2,
        startsAt: '2026-12-07T00:00:00.000Z',
        goalMinutes: 75,
        sessionMinutes: [15, 15, 15, 15, 15],
        books: [{ title: 'Fox at Dusk', author: 'Ada Reed', why: 'about animals, one of Maya’s interests' }],
        timeZone: 'UTC',
        unsubscribeToken: 'tok_abcdefghijklmnopqrstuvwxyz',
      },
    });
    await sendDueEmails(database.db, outbox);
    const message = catcher.messages().find((m) => m.subject.startsWith('Maya’s reading plan'));
    const link = 'http://localhost:4321/email-preferences?token=tok_abcdefghijklmnopqrstuvwxyz';
    expect(message?.headers['list-unsubscribe']).toMatch(new RegExp(`^<${link.replaceAll('?', '\\?')}>`));
    expect(message?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(message?.html).toContain(link);
    expect(message?.text).toContain('About animals, one of Maya’s interests.');
  });
});

describe('a mail server that refuses', () => {
  it('retries with a growing wait, then gives the message up for the team, who can send it again', async () => {
    const { orderId } = await paidOrder();
    const closed = await startMailCatcher({ smtpPort: 0, webPort: 0 });
    await closed.stop();
    const refusing = {
      ...outbox,
      mailer: createMailer({ smtpUrl: closed.smtpUrl, from: 'hello@quillreads.com' }),
    };

    let now = new Date();
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      const outcome = await sendDueEmails(database.db, refusing, { now });
      const [row] = await rowsFor(orderId);
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_EMAIL_ATTEMPTS) {
        expect(outcome).toEqual({ sent: 0, retrying: 1, failed: 0 });
        expect(row?.status).toBe('queued');
        expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + emailRetryDelayMs(attempt));
        // Not due before its time.
        expect(await sendDueEmails(database.db, refusing, { now })).toEqual({
          sent: 0,
          retrying: 0,
          failed: 0,
        });
        now = new Date(row?.nextAttemptAt.getTime() ?? 0);
      } else {
        expect(outcome).toEqual({ sent: 0, retrying: 0, failed: 1 });
        expect(row?.status).toBe('failed');
        expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      }
    }
    const [row] = await rowsFor(orderId);
    expect((await failedEmails(database.db)).map((f) => f.id)).toContain(row?.id);

    expect(await retryEmail(database.db, row?.id as string)).toBe(true);
    expect(await retryEmail(database.db, row?.id as string)).toBe(false);
    expect(await sendDueEmails(database.db, outbox)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(catcher.messages()[0]?.subject).toMatch(/^Your receipt/);
  });

  it('a message whose sender stopped mid-way is sent by the next one once its lease runs out', async () => {
    const { orderId } = await paidOrder();
    const [row] = await rowsFor(orderId);
    // A sender took it and stopped (the server was killed) before recording anything.
    const leaseEnds = new Date(Date.now() + 60_000);
    await database.db
      .update(emails)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: leaseEnds })
      .where(eq(emails.id, row?.id as string));
    expect(await sendDueEmails(database.db, outbox)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sendDueEmails(database.db, outbox, { now: leaseEnds })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    const [sent] = await rowsFor(orderId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the console’s outbox', () => {
  it('counts the messages, lists those given up, and sends one again for an administrator only', async () => {
    const admin = await theAdmin();
    const { orderId, token } = await paidOrder();
    const [row] = await rowsFor(orderId);
    const id = row?.id as string;
    await database.db
      .update(emails)
      .set({ status: 'failed', attempts: 6, lastError: '550 mailbox unavailable' })
      .where(eq(emails.id, id));

    const outbox = await call(api, 'GET', '/api/admin/emails', { token: admin.idToken });
    expect(outbox.status).toBe(200);
    expect((outbox.json as EmailOutboxDto).counts.failed).toBeGreaterThanOrEqual(1);
    expect(outbox.json.failed).toContainEqual(
      expect.objectContaining({
        id,
        label: 'Payment receipt',
        attempts: 6,
        lastError: '550 mailbox unavailable',
      }),
    );
    expect((await call(api, 'GET', '/api/admin/emails', { token })).status).toBe(403);
    expect((await call(api, 'POST', `/api/admin/emails/${id}/retry`, { token })).status).toBe(403);
    expect((await call(api, 'POST', `/api/admin/emails/${id}/retry`)).status).toBe(401);

    const retried = await call(api, 'POST', `/api/admin/emails/${id}/retry`, { token: admin.idToken });
    expect(retried.status).toBe(200);
    expect((retried.json as EmailOutboxDto).failed.map((f) => f.id)).not.toContain(id);
    expect((await rowsFor(orderId))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await auditEntries(database, id)).map((e) => e.action)).toEqual(['email.retry']);

    const again = await call(api, 'POST', `/api/admin/emails/${id}/retry`, { token: admin.idToken });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toMatch(/not been given up/);
    const unknown = await call(api, 'POST', `/api/admin/emails/${crypto.randomUUID()}/retry`, {
      token: admin.idToken,
    });
    expect(unknown.status).toBe(404);
    const bad = await call(api, 'POST', '/api/admin/emails/not-an-id/retry', { token: admin.idToken });
    expect(bad.status).toBe(400);
  });
});

describe('the team’s reply to a contact message', () => {
  it('is kept with the inquiry, sent to the address it came from, quoting it, and marks it answered', async () => {
    const admin = await theAdmin();
    const sent = await call(api, 'POST', '/api/inquiries', {
      body: {
        name: 'Priya',
        email: 'priya@example.com',
        subject: 'Summer quest dates',
        message: 'When does the summer quest start this year?\nWe are away in July.',
      },
    });
    expect(sent.status).toBe(201);
    const id = String(sent.json.id);
    const asAdmin = (body: unknown, inquiry = id) =>
      call(api, 'POST', `/api/admin/inquiries/${inquiry}/replies`, { token: admin.idToken, body });

    for (const [body, field] of [
      [{}, 'message'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ message: 'bad \u0007 bell' }, 'message'],
    ] as const) {
      const refused = await asAdmin(body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.json.error?.fields?.[field]).toEqual(expect.any(String));
    }
    expect((await asAdmin({ message: 'Hello' }, crypto.randomUUID())).status).toBe(404);
    const { token } = await paidOrder();
    expect(
      (await call(api, 'POST', `/api/admin/inquiries/${id}/replies`, { token, body: { message: 'Hi' } }))
        .status,
    ).toBe(403);
    expect(await database.db.select().from(emails).where(eq(emails.toAddress, 'priya@example.com'))).toEqual(
      [],
    );

    const replied = await asAdmin({ message: 'Hello Priya,\n\nIt starts on 15 June and runs to 31 August.' });
    expect(replied.status).toBe(201);
    expect(replied.json).toMatchObject({
      status: 'answered',
      replies: [{ authorName: 'Ada Admin', delivery: 'queued', message: expect.stringContaining('15 June') }],
    });
    expect((await auditEntries(database, id)).map((e) => e.action)).toContain('inquiry.reply');

    await sendDueEmails(database.db, outbox);
    const [message] = catcher.messages().filter((m) => m.to.includes('priya@example.com'));
    expect(message?.subject).toBe('Re: Summer quest dates');
    expect(message?.text).toContain('It starts on 15 June and runs to 31 August.');
    expect(message?.text).toContain('We are away in July.');
    const after = await call(api, 'GET', `/api/admin/inquiries/${id}`, { token: admin.idToken });
    expect(after.json.replies).toMatchObject([{ delivery: 'sent' }]);
  });
});

describe('a family deleted', () => {
  it('takes its messages with it', async () => {
    const { orderId } = await paidOrder();
    const [row] = await rowsFor(orderId);
    await database.db.delete(users).where(eq(users.id, row?.userId as string));
    expect(await rowsFor(orderId)).toEqual([]);
  });
});
