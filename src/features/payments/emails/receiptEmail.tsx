import { Button, Heading, Section, Text } from '@react-email/components';
import * as z from 'zod';
import { formatPrice } from '~/features/plans/plans';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';

const receiptData = z.object({
  orderId: z.string(),
  parentName: z.string(),
  childFirstName: z.string(),
  planName: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  paidAt: z.iso.datetime(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** The family's zone (their browser's, kept on the account), to write the days as they live them. */
  timeZone: z.string(),
  /** A renewing program's payment: its next renewal (null for a program paid once). */
  renewsAt: z.iso.datetime().nullable().default(null),
  renewal: z.boolean().default(false),
});
export type ReceiptData = z.infer<typeof receiptData>;

/** The receipt of a program paid for: what, for whom, how much, when it runs, the order's number. */
export const receiptEmail = defineEmail({
  name: 'payment-receipt',
  label: 'Payment receipt',
  schema: receiptData,
  compose(d) {
    const amount = formatPrice(d.amountCents, 'en-US', d.currency.toUpperCase());
    const day = (at: string) => formatTime(at, 'date', { locale: 'en-US', timeZone: d.timeZone });
    const reference = d.orderId.slice(0, 8).toUpperCase();
    const receipt = new URL(pagePath('/receipt', { query: { order: d.orderId } }), siteUrl).href;
    const what = d.renewal ? 'renewal receipt' : 'receipt';
    return {
      subject: `Your ${what}: ${d.planName} for ${d.childFirstName} (${amount})`,
      preview: `${amount} paid on ${day(d.paidAt)}. The program runs from ${day(d.startsAt)} to ${day(d.endsAt)}.`,
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            Thank you, {d.parentName}
          </Heading>
          <Text style={s.text}>
            {d.renewal
              ? `${d.planName} renewed for ${d.childFirstName}. This is your receipt.`
              : `${d.childFirstName} is enrolled in ${d.planName}. This is your receipt.`}
          </Text>
          <Section>
            <table width="100%" cellPadding={0} cellSpacing={0} role="presentation">
              <tbody>
                <ReceiptRow label="Program" value={`${d.planName}, for ${d.childFirstName}`} />
                <ReceiptRow label="Runs" value={`${day(d.startsAt)} to ${day(d.endsAt)}`} />
                <ReceiptRow label="Paid" value={day(d.paidAt)} />
                <ReceiptRow label="Order" value={reference} />
                <ReceiptRow label="Total" value={amount} strong />
              </tbody>
            </table>
          </Section>
          <Text style={s.soft}>
            {d.renewsAt
              ? `It renews on ${day(d.renewsAt)} at ${amount} until you cancel: cancel, pause or see every payment from Billing in your profile settings.`
              : 'Paid once by card: this program does not renew.'}{' '}
            {d.renewal
              ? ''
              : 'The first weekly plan appears on your profile’s Reading plan tab within minutes of the program starting.'}
          </Text>
          <Button href={receipt} style={s.button}>
            See your receipt
          </Button>
        </>
      ),
    };
  },
});

function ReceiptRow(props: { label: string; value: string; strong?: boolean }) {
  const weight = props.strong ? { fontWeight: 700 } : {};
  return (
    <tr>
      <td style={{ ...s.cell, ...weight }}>{props.label}</td>
      <td style={{ ...s.cellRight, ...weight }}>{props.value}</td>
    </tr>
  );
}
