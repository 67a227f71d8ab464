import { describe, expect, it } from 'vitest';
import { renderEmail } from '~/platform/email/templates.server';
import { blogReviewEmail } from './blogs/emails/reviewEmail';
import { EMAIL_TEMPLATES } from './emails.server';
import { interviewEmail } from './interviews/emails/interviewEmail';
import { BILLING_NOTICES, billingNoticeEmail } from './payments/emails/billingNoticeEmail';
import { receiptEmail } from './payments/emails/receiptEmail';

// Every message renders as HTML and as text, in the site's frame, with addresses from the site's
// configured address; data a template does not expect is refused before anything is sent.

const RECEIPT = {
  orderId: '6f1c2a9e-4b7d-4c1e-9a3b-2d5e8f0a1b2c',
  parentName: 'Jordan Rivers',
  childFirstName: 'Maya',
  planName: 'Rated Reads Monthly',
  amountCents: 2900,
  currency: 'usd',
  paidAt: '2026-11-27T21:30:00.000Z',
  startsAt: '2026-11-27T21:30:00.000Z',
  endsAt: '2026-12-27T21:30:00.000Z',
  timeZone: 'America/Los_Angeles',
};

const INTERVIEW = {
  id: '0b9c7a2e-1d4f-4e6a-8b3c-5d7e9f1a2b3c',
  startsAt: '2026-12-01T15:00:00.000Z',
  endsAt: '2026-12-01T15:30:00.000Z',
  status: 'booked' as const,
  childId: null,
  childName: 'Maya',
  guideName: 'Grace Mbeki',
  sequence: 1,
  joinUrl: 'https://meet.example.com/quillreads-0b9c7a2e',
  phone: '+1 800 555 0142',
  createdAt: '2026-11-27T21:30:00.000Z',
  updatedAt: '2026-11-27T21:30:00.000Z',
};

describe('the billing emails', () => {
  it('write a renewal’s receipt with the next renewal, and a paid-once receipt without one', async () => {
    const renewal = await renderEmail(receiptEmail, {
      ...RECEIPT,
      renewal: true,
      renewsAt: '2027-01-27T21:30:00.000Z',
    });
    expect(renewal.subject).toBe('Your renewal receipt: Rated Reads Monthly for Maya ($29.00)');
    expect(renewal.text).toContain('Rated Reads Monthly renewed for Maya');
    expect(renewal.text).toContain('It renews on January 27, 2027 at $29.00 until you cancel');
    expect(renewal.text).not.toContain('does not renew');
    const once = await renderEmail(receiptEmail, RECEIPT);
    expect(once.text).toContain('Paid once by card: this program does not renew.');
  });

  it('write every billing notice with its dates in the family’s zone and a link to the billing section', async () => {
    const base = {
      parentName: 'Jordan Rivers',
      childFirstName: 'Maya',
      planName: 'Rated Reads Monthly',
      amountCents: 2900,
      currency: 'usd',
      at: '2026-12-04T03:00:00.000Z',
      renewsAt: '2027-01-10T03:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    };
    const subjects: string[] = [];
    for (const notice of BILLING_NOTICES) {
      const email = await renderEmail(billingNoticeEmail, { ...base, notice });
      subjects.push(email.subject);
      expect(email.html).toContain('href="http://localhost:4321/update-profile#billing"');
      expect(email.text.toLowerCase(), notice).toContain('hello jordan rivers');
    }
    expect(new Set(subjects).size).toBe(BILLING_NOTICES.length);
    const failed = await renderEmail(billingNoticeEmail, { ...base, notice: 'renewal_failed' });
    // 03:00 UTC on 4 December is still the 3rd in Los Angeles.
    expect(failed.text).toContain('We will try the card again on December 3, 2026.');
    const paused = await renderEmail(billingNoticeEmail, { ...base, notice: 'paused' });
    expect(paused.subject).toBe('Maya’s Rated Reads Monthly is paused until December 3, 2026');
    expect(paused.text).toContain('the next renewal is on January 9, 2027');
  });
});

describe('the email templates', () => {
  it('are all registered for the outbox, each once', () => {
    expect([...EMAIL_TEMPLATES.keys()].sort()).toEqual([
      'billing-notice',
      'blog-review',
      'guide-message',
      'inquiry-reply',
      'interview',
      'payment-receipt',
      'weekly-plan',
    ]);
  });

  it('write a receipt with its figures, in HTML and text, the days on the family’s clock', async () => {
    const email = await renderEmail(receiptEmail, RECEIPT);
    expect(email.subject).toBe('Your receipt: Rated Reads Monthly for Maya ($29.00)');
    // 21:30 UTC on 27 November is still the 27th in Los Angeles; the end is 27 December.
    expect(email.text).toContain('Runs');
    expect(email.text).toMatch(/November 27, 2026 to December 27, 2026/);
    expect(email.text).toContain('6F1C2A9E');
    expect(email.text).toContain('$29.00');
    expect(email.html).toMatch(/<html [^>]*lang="en"/);
    expect(email.html).toContain('name="color-scheme" content="light dark"');
    expect(email.html).toContain(`href="http://localhost:4321/receipt?order=${RECEIPT.orderId}"`);
    expect(email.html).toContain('max-width:560px');
    // A child's first name only: the template has no field for anything more.
    expect(Object.keys(receiptEmail.schema.parse(RECEIPT))).not.toContain('childLastName');
    expect(email.attachments).toEqual([]);
  });

  it('confirm an interview with its calendar file, and say a move and a cancellation', async () => {
    const zone = { parentName: 'Jordan Rivers', timeZone: 'Europe/Paris' };
    const booked = await renderEmail(interviewEmail, { change: 'booked', interview: INTERVIEW, ...zone });
    expect(booked.subject).toBe('Your introductory interview is booked');
    expect(booked.text).toMatch(/Tuesday, December 1.*4:00.*4:30.*GMT\+1/);
    expect(booked.text).toContain('https://meet.example.com/quillreads-0b9c7a2e');
    expect(booked.text).toContain('With Grace Mbeki, a Quill Reads reading guide: a chat with Maya');
    expect(booked.attachments).toHaveLength(1);
    expect(booked.attachments[0]).toMatchObject({
      filename: 'quill-reads-interview.ics',
      contentType: 'text/calendar',
    });
    expect(booked.attachments[0]?.content).toContain('SEQUENCE:1');
    expect(booked.attachments[0]?.content).toContain('STATUS:CONFIRMED');
    expect(booked.attachments[0]?.content).toContain('A video call with Grace Mbeki\\, a Quill Reads');

    const moved = await renderEmail(interviewEmail, {
      change: 'moved',
      interview: { ...INTERVIEW, sequence: 2 },
      was: { startsAt: '2026-11-30T15:00:00.000Z', endsAt: '2026-11-30T15:30:00.000Z' },
      ...zone,
    });
    expect(moved.text).toMatch(/It is now Tuesday, December 1.*\(it was Monday, November 30/);

    const cancelled = await renderEmail(interviewEmail, {
      change: 'cancelled',
      interview: { ...INTERVIEW, status: 'cancelled', sequence: 3 },
      ...zone,
    });
    expect(cancelled.subject).toBe('Your introductory interview is cancelled');
    expect(cancelled.text).toContain('Book another time');
    expect(cancelled.attachments[0]?.content).toContain('STATUS:CANCELLED');
  });

  it('tell a family their post was published, or sent back with the reviewer’s note', async () => {
    const post = {
      postId: '4e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
      title: 'Our library Saturdays',
      parentName: 'Jordan Rivers',
    };
    const published = await renderEmail(blogReviewEmail, { ...post, decision: 'approve', note: null });
    expect(published.subject).toBe('Your post “Our library Saturdays” is published');
    expect(published.html).toContain(`href="http://localhost:4321/blogs/${post.postId}"`);
    const returned = await renderEmail(blogReviewEmail, {
      ...post,
      decision: 'reject',
      note: 'Could you leave out the name of the school?',
    });
    expect(returned.subject).toBe('Your post “Our library Saturdays” needs a few changes');
    expect(returned.text).toContain('Could you leave out the name of the school?');
    expect(returned.html).toContain(`href="http://localhost:4321/user/myblogs/${post.postId}"`);
  });

  it('refuse data they do not expect', async () => {
    await expect(renderEmail(receiptEmail, { ...RECEIPT, amountCents: 'lots' })).rejects.toThrow();
    await expect(renderEmail(interviewEmail, { change: 'lost', interview: INTERVIEW })).rejects.toThrow();
  });
});
