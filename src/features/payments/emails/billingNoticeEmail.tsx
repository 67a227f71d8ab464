import { Button, Heading, Text } from '@react-email/components';
import * as z from 'zod';
import { formatPrice } from '~/features/plans/plans';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';

export const BILLING_NOTICES = [
  'card_expiring',
  'renewal_failed',
  'action_required',
  'cancelled',
  'kept',
  'refunded',
  'paused',
  'ended_unpaid',
  'ended',
] as const;
export type BillingNotice = (typeof BILLING_NOTICES)[number];

const noticeData = z.object({
  notice: z.enum(BILLING_NOTICES),
  parentName: z.string(),
  childFirstName: z.string(),
  planName: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  /** The moment the notice is about: the next attempt, the period's end, the pause's end. */
  at: z.iso.datetime().nullable(),
  /** The renewal after a pause, or the one an expiring card would not pay. */
  renewsAt: z.iso.datetime().nullable().default(null),
  /** The card's last four digits (an expiring card), never more of it. */
  cardLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable()
    .default(null),
  timeZone: z.string(),
});
export type BillingNoticeData = z.infer<typeof noticeData>;

interface Words {
  card: string;
  program: string;
  amount: string;
  firstName: string;
  at: string;
  renewsAt: string;
}

/** Each notice's subject and paragraphs. */
const WORDING: Record<BillingNotice, (w: Words) => { subject: string; lines: string[] }> = {
  card_expiring: (w) => ({
    subject: `Your card ${w.card} expires before ${w.program} renews`,
    lines: [
      `The card ${w.card} expires on ${w.at}, before the renewal of ${w.program} on ${w.renewsAt}.`,
      'To keep the weekly plans coming without a break, add your new card from Billing in your profile settings.',
    ],
  }),
  renewal_failed: (w) => ({
    subject: `We could not renew ${w.program}`,
    lines: [
      `Your bank declined the renewal of ${w.program} (${w.amount}). We will try the card again on ${w.at}.`,
      'To pay with another card, open Billing in your profile settings. Weekly plans wait until the payment goes through, then continue from that week.',
    ],
  }),
  action_required: (w) => ({
    subject: `Your bank asks you to confirm ${w.amount} for ${w.program}`,
    lines: [
      `Your bank wants you to confirm the renewal of ${w.amount} before it is paid.`,
      'Open Billing in your profile settings and choose “Confirm the payment”.',
    ],
  }),
  cancelled: (w) => ({
    subject: `${w.program} will end on ${w.at}`,
    lines: [
      `You cancelled ${w.program}. It runs until ${w.at}, and nothing more will be charged.`,
      'Changed your mind? You can keep it from Billing in your profile settings until then.',
    ],
  }),
  kept: (w) => ({
    subject: `${w.program} will keep renewing`,
    lines: [`${w.program} is no longer cancelled: it renews on ${w.at} at ${w.amount}.`],
  }),
  refunded: (w) => ({
    subject: `${w.program} is cancelled and ${w.amount} refunded`,
    lines: [
      `You cancelled ${w.program} and we refunded ${w.amount}, the unused part, to the card that paid. Banks usually show it within 5 to 10 working days.`,
      'The program has stopped, and nothing more will be charged.',
    ],
  }),
  paused: (w) => ({
    subject: `${w.program} is paused until ${w.at}`,
    lines: [
      `${w.program} is paused until ${w.at}: no weekly plans and no charge meanwhile, and ${w.firstName}’s streak is kept.`,
      `It resumes by itself; the next renewal is on ${w.renewsAt}.`,
    ],
  }),
  ended_unpaid: (w) => ({
    subject: `${w.program} has ended: the renewal could not be paid`,
    lines: [
      `We could not take the renewal of ${w.amount} after several attempts, so ${w.program} has ended and nothing more will be charged.`,
      'To continue, choose a program again on the programs page: everything your child read is still on your profile.',
    ],
  }),
  ended: (w) => ({
    subject: `${w.program} has ended`,
    lines: [`${w.program} has ended, as you asked. Thank you for reading with us.`],
  }),
};

/** The notice's words, its days written in the family's zone. */
function wording(d: BillingNoticeData) {
  const day = (at: string | null) =>
    at ? formatTime(at, 'date', { locale: 'en-US', timeZone: d.timeZone }) : '';
  return WORDING[d.notice]({
    card: d.cardLast4 ? `ending in ${d.cardLast4}` : 'on file',
    program: `${d.childFirstName}’s ${d.planName}`,
    amount: formatPrice(d.amountCents, 'en-US', d.currency.toUpperCase()),
    firstName: d.childFirstName,
    at: day(d.at),
    renewsAt: day(d.renewsAt),
  });
}

/** What changed about a renewing program and what the family can do: failed renewals, cancellations, pauses. */
export const billingNoticeEmail = defineEmail({
  name: 'billing-notice',
  label: 'Billing notice',
  schema: noticeData,
  compose(d) {
    const { subject, lines } = wording(d);
    const billing = new URL(pagePath('/update-profile', { hash: 'billing' }), siteUrl).href;
    return {
      subject,
      preview: lines[0] ?? subject,
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            Hello {d.parentName}
          </Heading>
          {lines.map((line) => (
            <Text key={line} style={s.text}>
              {line}
            </Text>
          ))}
          <Button href={billing} style={s.button}>
            Open billing
          </Button>
        </>
      ),
    };
  },
});
