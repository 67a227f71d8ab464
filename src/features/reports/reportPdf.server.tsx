import {
  Circle,
  Document,
  G,
  Line,
  Page,
  Polyline,
  renderToBuffer,
  StyleSheet,
  Svg,
  Text,
  View,
} from '@react-pdf/renderer';
import { percentText } from '~/features/readAloud/runningRecord';
import { formatTime } from '~/platform/time';
import { periodText, weekLine } from './reports';
import type { ReportData } from './reports.schema';

// The progress report and the certificate as PDF files (@react-pdf/renderer), from the figures the
// job fixed: the same words as the report's page.

const INK = '#1d2233';
const SOFT = '#454c5f';
const TEAL = '#08474d';
const LINE = '#e6dac4';

const styles = StyleSheet.create({
  page: { padding: 44, fontFamily: 'Helvetica', fontSize: 10.5, color: INK, lineHeight: 1.4 },
  brand: { fontFamily: 'Helvetica-Bold', fontSize: 14, color: TEAL },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 22, lineHeight: 1.2, marginTop: 4 },
  lead: { color: SOFT, marginTop: 6, marginBottom: 14 },
  h2: { fontFamily: 'Helvetica-Bold', fontSize: 13, color: TEAL, marginTop: 16, marginBottom: 6 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 3,
    borderBottom: `1 solid ${LINE}`,
  },
  soft: { color: SOFT },
  figures: { flexDirection: 'row', gap: 10, marginTop: 4 },
  figure: { flexGrow: 1, padding: 8, border: `1 solid ${LINE}`, borderRadius: 6 },
  big: { fontFamily: 'Helvetica-Bold', fontSize: 18, lineHeight: 1.2, color: TEAL, marginBottom: 2 },
  quote: { borderLeft: `3 solid ${LINE}`, paddingLeft: 8, marginBottom: 6 },
  small: { fontSize: 8.5, color: SOFT, marginTop: 6 },
});

type Viewer = { locale: string; timeZone: string };

function Figures({ data }: { data: ReportData }) {
  const last = data.fluency.points.at(-1);
  const items: [string, string][] = [
    [String(data.totals.minutes), 'minutes read'],
    [String(data.totals.booksFinished), data.totals.booksFinished === 1 ? 'book finished' : 'books finished'],
    data.totals.weeksWithGoal > 0
      ? [`${data.totals.weeksOnGoal} of ${data.totals.weeksWithGoal}`, 'weeks on goal']
      : [String(data.totals.sessions), 'reading sessions'],
    [last ? String(last.wordsCorrectPerMinute) : '—', 'words correct a minute, latest'],
  ];
  return (
    <View style={styles.figures}>
      {items.map(([value, label]) => (
        <View key={label} style={styles.figure}>
          <Text style={styles.big}>{value}</Text>
          <Text style={styles.soft}>{label}</Text>
        </View>
      ))}
    </View>
  );
}

/** Words correct per minute across the marked recordings, over the norms' 25th to 75th percentiles. */
function FluencyChart({ data }: { data: ReportData }) {
  const { points, norms } = data.fluency;
  if (points.length === 0) return <Text style={styles.soft}>No recording was marked by a guide yet.</Text>;
  const [w, h] = [500, 140];
  const top = Math.max(...points.map((p) => p.wordsCorrectPerMinute), norms?.p75 ?? 0) * 1.15 || 1;
  const y = (v: number) => h - (v / top) * h;
  const x = (i: number) => (points.length === 1 ? (w - 70) / 2 : 20 + (i * (w - 110)) / (points.length - 1));
  return (
    <Svg width={w} height={h + 4}>
      <Line x1={0} y1={h} x2={w} y2={h} stroke={LINE} strokeWidth={1} />
      {norms &&
        ([norms.p25, norms.p50, norms.p75] as const).map((v, i) => (
          <G key={v}>
            <Line
              x1={0}
              y1={y(v)}
              x2={w - 70}
              y2={y(v)}
              stroke={i === 1 ? '#c99a2e' : LINE}
              strokeWidth={1}
              strokeDasharray="4 3"
            />
            <Text x={w - 64} y={y(v) + 3} style={{ fontSize: 8, fill: SOFT }}>
              {`${['25th', '50th', '75th'][i]}: ${v}`}
            </Text>
          </G>
        ))}
      <Polyline
        points={points.map((p, i) => `${x(i)},${y(p.wordsCorrectPerMinute)}`).join(' ')}
        stroke={TEAL}
        strokeWidth={2}
        fill="none"
      />
      {points.map((p, i) => (
        <G key={p.recordingId}>
          <Circle cx={x(i)} cy={y(p.wordsCorrectPerMinute)} r={3.5} fill={TEAL} />
          <Text x={x(i) - 6} y={y(p.wordsCorrectPerMinute) - 7} style={{ fontSize: 8, fill: TEAL }}>
            {String(p.wordsCorrectPerMinute)}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

function Fluency({ data, viewer }: { data: ReportData; viewer: Viewer }) {
  const { norms, grade, points } = data.fluency;
  return (
    <View wrap={false}>
      <Text style={styles.h2}>Words correct per minute</Text>
      <FluencyChart data={data} />
      {points.map((p) => (
        <View key={p.recordingId} style={styles.row}>
          <Text>
            {formatTime(p.at, 'shortDate', viewer)} · {p.passageTitle ?? 'A passage since removed'}
          </Text>
          <Text>
            {p.wordsCorrectPerMinute} a minute · {percentText(p.accuracy)} right
          </Text>
        </View>
      ))}
      {norms && grade && (
        <Text style={styles.small}>
          Dashed lines: the 25th, 50th (gold) and 75th percentiles for grade {grade} in the{' '}
          {data.fluency.season} ({norms.p25}, {norms.p50}, {norms.p75}). {data.fluency.caveat} Source:{' '}
          {data.fluency.source}
        </Text>
      )}
    </View>
  );
}

function Weeks({ data, viewer }: { data: ReportData; viewer: Viewer }) {
  return (
    <View>
      <Text style={styles.h2}>Minutes each week</Text>
      {data.weeks.map((week) => (
        <View key={week.weekNumber} style={styles.row}>
          <Text>
            Week {week.weekNumber}, from {formatTime(week.startsOn, 'shortDate', viewer)}
          </Text>
          <Text>{weekLine(week)}</Text>
        </View>
      ))}
    </View>
  );
}

function Guide({ data, viewer }: { data: ReportData; viewer: Viewer }) {
  if (data.scores.length === 0 && data.notes.length === 0) return null;
  return (
    <View>
      <Text style={styles.h2}>From the reading guide</Text>
      {data.scores.map((s) => (
        <View key={s.at} style={styles.quote} wrap={false}>
          <Text>
            {formatTime(s.at, 'shortDate', viewer)}, {s.passageTitle ?? 'a passage'}:{' '}
            {percentText(s.accuracy)} right, {s.wordsCorrectPerMinute} words correct a minute, fluency{' '}
            {s.fluency} of 4 ({s.guideName})
          </Text>
          {s.note && <Text style={styles.soft}>{s.note}</Text>}
        </View>
      ))}
      {data.notes.map((n) => (
        <View key={n.weekNumber} style={styles.quote} wrap={false}>
          <Text>
            Week {n.weekNumber}, {n.guideName}:
          </Text>
          <Text style={styles.soft}>{n.body}</Text>
        </View>
      ))}
    </View>
  );
}

/** The progress report as a PDF: the figures, the weeks, the books, the fluency, the guide's words. */
export async function reportPdf(
  report: { data: ReportData; periodStart: Date; periodEnd: Date; final: boolean },
  viewer: Viewer,
): Promise<Uint8Array<ArrayBuffer>> {
  const { data } = report;
  const title = `${data.childFirstName}’s ${report.final ? 'end-of-program' : 'progress'} report`;
  const sheet = (
    <Document title={title} author="Quill Reads">
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>Quill Reads</Text>
        <Text style={styles.title}>{title}</Text>
        <Text style={styles.lead}>
          {data.programName}, {periodText(report.periodStart, report.periodEnd, viewer)}
          {data.guideName ? ` · Reading guide: ${data.guideName}` : ''}
        </Text>
        <Figures data={data} />
        <Weeks data={data} viewer={viewer} />
        <Text style={styles.h2}>Books finished</Text>
        {data.booksFinished.length === 0 ? (
          <Text style={styles.soft}>No book was marked finished in this period.</Text>
        ) : (
          data.booksFinished.map((b) => (
            <Text key={`${b.title}-${b.finishedOn}`}>
              {b.title}
              {b.author ? ` by ${b.author}` : ''}
            </Text>
          ))
        )}
        <Fluency data={data} viewer={viewer} />
        <Guide data={data} viewer={viewer} />
      </Page>
    </Document>
  );
  return new Uint8Array(await renderToBuffer(sheet));
}
