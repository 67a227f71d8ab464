import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { eq } from 'drizzle-orm';
import { formatPrice } from '~/features/plans/plans';
import type { Db } from '~/platform/db/client.server';
import { users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';
import { formatTime } from '~/platform/time';
import { ownOrderView } from './orders.server';

const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: 'Helvetica', fontSize: 11, color: '#1d2233' },
  brand: { fontFamily: 'Helvetica-Bold', fontSize: 16, color: '#08474d' },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 22, marginTop: 6, marginBottom: 18 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 6,
    borderBottom: '1 solid #e6dac4',
  },
  label: { color: '#454c5f' },
  total: { fontFamily: 'Helvetica-Bold' },
  note: { marginTop: 24, fontSize: 9, color: '#454c5f' },
});

/**
 * One of the family's payments as a PDF receipt: the same facts as the receipt page, the days in
 * the family's own zone. Only a payment made (paid or refunded); anyone else's order is "not found".
 */
export async function receiptPdf(db: Db, userId: string, orderId: string): Promise<Uint8Array<ArrayBuffer>> {
  const [order, [parent]] = await Promise.all([
    ownOrderView(db, userId, orderId),
    db.select({ name: users.displayName, zone: users.timeZone }).from(users).where(eq(users.id, userId)),
  ]);
  if (!order || (order.status !== 'paid' && order.status !== 'refunded')) throw notFound('That receipt');
  const viewer = { locale: 'en-US', timeZone: parent?.zone ?? 'UTC' };
  const day = (at: string | null | undefined) => (at ? formatTime(at, 'date', viewer) : '');
  const money = (cents: number) => formatPrice(cents, 'en-US', order.currency.toUpperCase());
  const starts = order.periodStart ?? order.subscription?.startsAt;
  const ends = order.periodEnd ?? order.subscription?.endsAt;
  const rows: [string, string][] = [
    ['Receipt number', order.id.slice(0, 8).toUpperCase()],
    ['Paid on', day(order.paidAt)],
    ['Paid by', parent?.name ?? ''],
    ['Program', `${order.plan.name}${order.purpose === 'renewal' ? ' (renewal)' : ''}`],
    ['For', order.child?.firstName ?? 'A child no longer on the account'],
    ...(starts && ends ? ([['Period', `${day(starts)} to ${day(ends)}`]] as [string, string][]) : []),
    ['Payment', order.provider === 'stripe' ? 'Card, through Stripe' : 'Test payment (no card was charged)'],
  ];
  const sheet = (
    <Document title={`Quill Reads receipt ${rows[0]?.[1]}`} author="Quill Reads">
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>Quill Reads</Text>
        <Text style={styles.title}>Receipt</Text>
        {rows.map(([label, value]) => (
          <View key={label} style={styles.row}>
            <Text style={styles.label}>{label}</Text>
            <Text>{value}</Text>
          </View>
        ))}
        <View style={styles.row}>
          <Text style={styles.total}>Total paid</Text>
          <Text style={styles.total}>{money(order.amountCents)}</Text>
        </View>
        {order.refundedCents > 0 && (
          <View style={styles.row}>
            <Text style={styles.label}>Refunded on {day(order.closedAt)}</Text>
            <Text>-{money(order.refundedCents)}</Text>
          </View>
        )}
        <Text style={styles.note}>Quill Reads · hello@quillreads.com · Prices include applicable taxes.</Text>
      </Page>
    </Document>
  );
  return new Uint8Array(await renderToBuffer(sheet));
}
