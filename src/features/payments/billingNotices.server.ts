import { eq } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { formatPrice } from '~/features/plans/plans';
import type { Tx } from '~/platform/db/client.server';
import { children, type memberships, plans } from '~/platform/db/schema.server';
import { queueEmail, recipientOf } from '~/platform/email/outbox.server';
import { pagePath } from '~/platform/routes';
import { type BillingNotice, billingNoticeEmail } from './emails/billingNoticeEmail';

/** What a notice is about: a membership, or an order of a program paid once. */
type About = Pick<
  typeof memberships.$inferSelect,
  'id' | 'userId' | 'childId' | 'planId' | 'amountCents' | 'currency'
>;

interface Notice {
  notice: BillingNotice;
  /** What the message is about, once: an invoice's attempt, a cancellation's time. */
  key: string;
  amountCents?: number;
  at: Date | null;
  renewsAt?: Date | null;
  /** False when the change already notified the child's profile (a refund does): the email only. */
  notify?: boolean;
  /** An expiring card's last four digits. */
  cardLast4?: string | null;
}

/** The notification's title and body for each notice (the email says more, in its own words). */
function notification(n: Notice, firstName: string, planName: string, amount: string) {
  const program = `${firstName}’s ${planName}`;
  const titles: Record<BillingNotice, string> = {
    card_expiring: `Your card expires before ${program} renews`,
    renewal_failed: `We could not renew ${program}`,
    action_required: `Confirm the renewal of ${program} with your bank`,
    cancelled: `${program} is cancelled: it runs until {at}`,
    kept: `${program} will keep renewing`,
    refunded: `${program} is cancelled and ${amount} refunded`,
    paused: `${program} is paused until {at}`,
    ended_unpaid: `${program} has ended: the renewal could not be paid`,
    ended: `${program} has ended`,
  };
  const bodies: Record<BillingNotice, string> = {
    card_expiring:
      'It expires on {at}. Add your new card from Billing in your settings to keep the plans coming.',
    renewal_failed: `Your bank declined the renewal of ${amount}. We try again on {at}; to use another card, open Billing in your settings.`,
    action_required: 'Your bank wants you to confirm the payment: open Billing in your settings.',
    cancelled: 'Nothing more will be charged. You can keep it from Billing until then.',
    kept: 'It renews as before.',
    refunded: 'Banks usually show a refund within 5 to 10 working days.',
    paused: 'No plans and no charge meanwhile; the streak is kept. It resumes by itself.',
    ended_unpaid: 'Nothing more will be charged. To continue, choose a program again.',
    ended: 'Thank you for reading with us.',
  };
  return { title: titles[n.notice], body: bodies[n.notice] };
}

/**
 * Tells the family what changed about a renewing program: a notification on the child's profile
 * and an email, both in the transaction of the change, the email once per `key`.
 */
export async function tellFamily(tx: Tx, membership: About, n: Notice) {
  const [about] = await tx
    .select({ firstName: children.firstName, planName: plans.name })
    .from(plans)
    .leftJoin(children, eq(children.id, membership.childId ?? ''))
    .where(eq(plans.id, membership.planId));
  if (!about) return;
  const firstName = about.firstName ?? 'Your child';
  const amountCents = n.amountCents ?? membership.amountCents;
  const amount = formatPrice(amountCents, 'en-US', membership.currency.toUpperCase());
  if (membership.childId && about.firstName && n.notify !== false) {
    const { title, body } = notification(n, firstName, about.planName, amount);
    await notifyChild(tx, membership.childId, {
      kind: 'payment',
      title,
      body,
      ...(n.at ? { times: { at: { at: n.at, style: 'date' as const } } } : {}),
      link: pagePath('/update-profile'),
    });
  }
  const parent = await recipientOf(tx, membership.userId);
  if (!parent) return;
  await queueEmail(tx, billingNoticeEmail, {
    key: `${membership.id}:${n.notice}:${n.key}`,
    to: parent,
    data: {
      notice: n.notice,
      parentName: parent.name,
      childFirstName: firstName,
      planName: about.planName,
      amountCents,
      currency: membership.currency,
      at: n.at?.toISOString() ?? null,
      renewsAt: n.renewsAt?.toISOString() ?? null,
      cardLast4: n.cardLast4 ?? null,
      timeZone: parent.timeZone ?? 'UTC',
    },
  });
}
