import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatTime } from '~/platform/time';
import type { ReportData } from './reports.schema';

// The child's certificate at the end of a program: one landscape page, the child's first name,
// the program and what they read.

const styles = StyleSheet.create({
  page: { padding: 28, fontFamily: 'Helvetica', color: '#1d2233', backgroundColor: '#fffaf3' },
  frame: {
    flexGrow: 1,
    border: '3 solid #08474d',
    borderRadius: 14,
    padding: 36,
    alignItems: 'center',
    justifyContent: 'center',
  },
  brand: { fontFamily: 'Helvetica-Bold', fontSize: 16, color: '#08474d', letterSpacing: 2 },
  kicker: { fontSize: 14, color: '#a63a27', marginTop: 22, textTransform: 'uppercase', letterSpacing: 3 },
  name: { fontFamily: 'Times-Bold', fontSize: 54, marginTop: 14 },
  text: { fontSize: 15, marginTop: 14, textAlign: 'center', maxWidth: 560, lineHeight: 1.5 },
  signed: { fontSize: 12, color: '#454c5f', marginTop: 30 },
});

/** The certificate for a child who reached the end of a program. */
export async function certificatePdf(
  report: { data: ReportData; periodEnd: Date },
  viewer: { locale: string; timeZone: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = report;
  const read = [
    `${data.totals.minutes} minutes of reading`,
    data.totals.booksFinished > 0
      ? `${data.totals.booksFinished} ${data.totals.booksFinished === 1 ? 'book' : 'books'} finished`
      : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const sheet = (
    <Document title={`${data.childFirstName}’s certificate`} author="Quill Reads">
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.frame}>
          <Text style={styles.brand}>QUILL READS</Text>
          <Text style={styles.kicker}>Certificate of reading</Text>
          <Text style={styles.name}>{data.childFirstName}</Text>
          <Text style={styles.text}>
            completed {data.programName}, with {read}. Every page counted: well done, and keep reading!
          </Text>
          <Text style={styles.signed}>
            {formatTime(new Date(report.periodEnd.getTime() - 1), 'date', viewer)}
            {data.guideName ? ` · ${data.guideName}, reading guide` : ' · The Quill Reads team'}
          </Text>
        </View>
      </Page>
    </Document>
  );
  return new Uint8Array(await renderToBuffer(sheet));
}
