import type { Tx } from '~/platform/db/client.server';
import type { orders } from '~/platform/db/schema.server';
import { queueEmail, recipientOf } from '~/platform/email/outbox.server';
import { receiptEmail } from './emails/receiptEmail';

/**
 * Queues the receipt of a paid order in the transaction that records the payment: the family gets
 * one receipt per order, whatever delivers the payment event twice.
 */
export async function queueReceipt(
  tx: Tx,
  order: typeof orders.$inferSelect,
  program: {
    planName: string;
    childFirstName: string;
    paidAt: Date;
    startsAt: Date;
    endsAt: Date;
    /** A renewing program's next renewal (null when it does not renew), and whether this pays one. */
    renewsAt?: Date | null;
    renewal?: boolean;
  },
) {
  const parent = await recipientOf(tx, order.userId);
  if (!parent) return;
  await queueEmail(tx, receiptEmail, {
    key: order.id,
    to: parent,
    data: {
      orderId: order.id,
      parentName: parent.name,
      childFirstName: program.childFirstName,
      planName: program.planName,
      amountCents: order.amountCents,
      currency: order.currency,
      paidAt: program.paidAt.toISOString(),
      startsAt: program.startsAt.toISOString(),
      endsAt: program.endsAt.toISOString(),
      timeZone: parent.timeZone ?? 'UTC',
      renewsAt: program.renewsAt?.toISOString() ?? null,
      renewal: program.renewal ?? false,
    },
  });
}
