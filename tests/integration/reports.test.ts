import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueReports, makeDueReports } from '../../src/features/reports/reportJobs.server';
import type { ReportDto } from '../../src/features/reports/reports.schema';
import {
  guideNotes,
  memberships,
  notifications,
  passages,
  plans,
  progressReports,
  readingLogs,
  recordingScores,
  recordings,
  subscriptions,
  weeklyPlans,
} from '../../src/platform/db/schema.server';
import { pdfPages, pdfText } from '../support/pdf';
import { caller, familyWithChild, fileApi } from './harness';
import { programFor } from './programFixtures';

// Progress reports (issue 27): made by a job at the end of a program and every four weeks of a
// renewing one, once each; the page's figures, a real PDF and a certificate; the family's alone;
// in the export, and gone with the child.

const { database, api, storage } = await fileApi({ media: 'reports-media' });
const db = database.db;
const DAY = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);

const family = await familyWithChild(api, { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' });
const asParent = caller(api, family.token);
const stranger = await familyWithChild(api, { firstName: 'Zed', ageBand: '6-8', readingLevel: 'sapling' });
const asStranger = caller(api, stranger.token);
let start = new Date();
let subscriptionId = '';

/**
 * Four weeks that ended yesterday: two planned weeks, three sessions, a book, a marked reading, a
 * note. The program starts late in its first day (18:00 UTC): reading logged that day is still its
 * first week's, whatever the hour the suite runs.
 */
beforeAll(async () => {
  const startsAt = new Date(Date.now() - 29 * DAY);
  startsAt.setUTCHours(18, 0, 0, 0);
  const program = await programFor(db, family.childId, { startsAt, weeks: 4 });
  start = program.startsAt;
  subscriptionId = program.id;
  const week = (i: number) => new Date(start.getTime() + i * 7 * DAY);
  const plansMade = await db
    .insert(weeklyPlans)
    .values(
      [0, 1].map((i) => ({
        childId: family.childId,
        subscriptionId,
        weekIndex: i,
        startsAt: week(i),
        endsAt: week(i + 1),
        readingLevel: 'sapling' as const,
        goalMinutes: 60,
        sessionMinutes: [15, 15, 15, 15, 0, 0, 0],
      })),
    )
    .returning();
  await db.insert(readingLogs).values([
    { childId: family.childId, title: 'Stars Above', readOn: day(week(0)), minutes: 30 },
    {
      childId: family.childId,
      title: 'Stars Above',
      readOn: day(new Date(week(0).getTime() + DAY)),
      minutes: 40,
      finished: true,
    },
    {
      childId: family.childId,
      title: 'Owl Street',
      readOn: day(new Date(week(1).getTime() + DAY)),
      minutes: 20,
    },
  ]);
  const [passage] = await db
    .insert(passages)
    .values({
      title: 'Up the hill',
      readingLevel: 'sapling',
      text: 'The red fox ran up the hill.',
      wordCount: 7,
    })
    .returning();
  const [recording] = await db
    .insert(recordings)
    .values({
      childId: family.childId,
      passageId: passage?.id,
      durationMs: 5000,
      createdAt: new Date(week(1).getTime() + 2 * DAY),
    })
    .returning();
  await db.insert(recordingScores).values({
    recordingId: String(recording?.id),
    childId: family.childId,
    guideName: 'Gia Guide',
    marks: [],
    readingMs: 5000,
    fluency: 3,
    note: 'Smooth and steady.',
    words: 7,
    errors: 1,
    selfCorrections: 0,
    wordsCorrect: 6,
    wordsCorrectPerMinute: 72,
  });
  await db.insert(guideNotes).values({
    planId: String(plansMade[1]?.id),
    childId: family.childId,
    guideName: 'Gia Guide',
    body: 'A strong second week.',
  });
});

const reportRows = () => db.select().from(progressReports).where(eq(progressReports.childId, family.childId));

describe('the report job', () => {
  it('finds the end of a fixed program due, and makes its report once, however often it runs', async () => {
    const due = await dueReports(db, new Date());
    expect(due).toContainEqual(
      expect.objectContaining({
        childId: family.childId,
        kind: 'final',
        programKey: `program:${subscriptionId}`,
      }),
    );
    expect(await makeDueReports(db, storage, new Date())).toBeGreaterThanOrEqual(1);
    expect(await makeDueReports(db, storage, new Date())).toBe(0);
    const rows = await reportRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.certificatePath).toMatch(/^reports\/.+-certificate\.pdf$/);
    expect(await storage.stat(String(rows[0]?.pdfPath))).not.toBeNull();
    const told = (
      await db.select().from(notifications).where(eq(notifications.childId, family.childId))
    ).filter((n) => n.kind === 'report');
    expect(told.map((n) => n.title)).toEqual(['Maya’s end-of-program report is ready']);
  });

  it('reports every four weeks of a renewing program, its end, and never a refunded or cancelled one', async () => {
    const kid = await familyWithChild(api, { firstName: 'Rae', ageBand: '6-8', readingLevel: 'sapling' });
    const [plan] = await db
      .insert(plans)
      .values({ name: 'Monthly', durationMonths: 1, priceCents: 900 })
      .returning();
    const membership = async (
      status: 'active' | 'ended',
      endReason: 'cancelled' | 'refunded' | null,
      days: number,
    ) => {
      const [m] = await db
        .insert(memberships)
        .values({
          userId: kid.userId,
          childId: kid.childId,
          planId: String(plan?.id),
          provider: 'sandbox',
          status,
          endReason,
          amountCents: 900,
          intervalMonths: 1,
        })
        .returning();
      await db.insert(subscriptions).values({
        childId: kid.childId,
        planId: String(plan?.id),
        membershipId: m?.id,
        startsAt: new Date(Date.now() - days * DAY),
        endsAt: new Date(Date.now() + (status === 'active' ? 5 : -1) * DAY),
      });
      return `membership:${m?.id}`;
    };
    const renewing = await membership('active', null, 30);
    const stopped = await membership('ended', 'cancelled', 20);
    const refunded = await membership('ended', 'refunded', 20);
    await programFor(db, kid.childId, {
      startsAt: new Date(Date.now() - 29 * DAY),
      weeks: 4,
      status: 'cancelled',
    });
    const due = (await dueReports(db, new Date())).filter((r) => r.childId === kid.childId);
    expect(due.map((r) => [r.programKey, r.kind]).sort()).toEqual(
      [
        [renewing, 'progress'],
        [stopped, 'final'],
      ].sort(),
    );
    const four = due.find((r) => r.programKey === renewing);
    expect((Number(four?.end) - Number(four?.start)) / DAY).toBe(28);
    expect(due.some((r) => r.programKey === refunded)).toBe(false);
  });
});

describe('a family’s report', () => {
  let report: ReportDto;
  beforeAll(async () => {
    await makeDueReports(db, storage, new Date());
    const list = await asParent('GET', `/api/children/${family.childId}/reports`);
    expect(list.status).toBe(200);
    const [first] = list.json as unknown as { id: string; kind: string; hasCertificate: boolean }[];
    expect(first).toMatchObject({ kind: 'final', hasCertificate: true });
    report = (await asParent('GET', `/api/reports/${first?.id}`)).json as unknown as ReportDto;
  });

  it('says the books, the minutes of each week against its goal, the fluency and the guide’s words', () => {
    const { data } = report;
    expect(data.totals).toEqual({
      minutes: 90,
      sessions: 3,
      booksFinished: 1,
      weeksOnGoal: 1,
      weeksWithGoal: 2,
    });
    expect(data.weeks.slice(0, 2).map((w) => [w.minutesRead, w.goalMinutes])).toEqual([
      [70, 60],
      [20, 60],
    ]);
    expect(data.booksFinished.map((b) => b.title)).toEqual(['Stars Above']);
    expect(data.fluency.points.map((p) => p.wordsCorrectPerMinute)).toEqual([72]);
    expect(data.scores).toEqual([
      expect.objectContaining({ wordsCorrectPerMinute: 72, note: 'Smooth and steady.' }),
    ]);
    expect(data.notes).toEqual([{ weekNumber: 2, body: 'A strong second week.', guideName: 'Gia Guide' }]);
  });

  it('downloads as a real PDF with the child’s figures, and a certificate', async () => {
    const pdf = await api.request(`/api/reports/${report.id}/report.pdf`, {
      headers: { authorization: `Bearer ${family.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="quillreads-report-maya-/);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdfPages(bytes)).toBeGreaterThanOrEqual(1);
    const text = pdfText(bytes);
    expect(text).toContain('Maya’s end-of-program report');
    expect(text).toContain('70 of 60 minutes, on goal');
    expect(text).toContain('Stars Above');
    expect(text).toContain('72 a minute');
    expect(text).toContain('A strong second week.');
    const certificate = await api.request(`/api/reports/${report.id}/certificate.pdf`, {
      headers: { authorization: `Bearer ${family.token}` },
    });
    const words = pdfText(new Uint8Array(await certificate.arrayBuffer()));
    expect(words).toContain('Maya');
    expect(words).toMatch(/completed Program \w+, with 90 minutes of reading and 1 book finished/);
  });

  it('is the family’s alone: another family gets 404 for the list, the report and its files', async () => {
    expect((await asStranger('GET', `/api/children/${family.childId}/reports`)).status).toBe(404);
    expect((await asStranger('GET', `/api/reports/${report.id}`)).status).toBe(404);
    expect((await asStranger('GET', `/api/reports/${report.id}/report.pdf`)).status).toBe(404);
    expect((await asStranger('GET', `/api/reports/${report.id}/certificate.pdf`)).status).toBe(404);
    expect((await asParent('GET', '/api/reports/not-an-id')).status).toBe(400);
  });

  it('is in the export, and goes with the child, files and all', async () => {
    const exported = await asParent('GET', '/api/me/export');
    expect(JSON.stringify(exported.json.progressReports)).toContain(report.id);
    const [row] = await reportRows();
    const removed = await asParent('DELETE', `/api/children/${family.childId}`);
    expect(removed.status).toBe(200);
    expect(await reportRows()).toEqual([]);
    expect(await storage.stat(String(row?.pdfPath))).toBeNull();
    expect(await storage.stat(String(row?.certificatePath))).toBeNull();
  });
});
