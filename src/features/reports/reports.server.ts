import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import type { Db } from '~/platform/db/client.server';
import { children, progressReports, users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';
import { pagePath } from '~/platform/routes';
import type { Storage } from '~/platform/storage/storage';
import { certificatePdf } from './certificatePdf.server';
import { gatherReport, type ReportPeriod } from './reportData.server';
import { reportPdf } from './reportPdf.server';
import { reportTitle } from './reports';
import { type ReportData, type ReportDto, type ReportSummary, reportDataSchema } from './reports.schema';

// Progress reports: made once per program and period end by a job (reportJobs.server.ts), kept as
// figures in the database and as PDF files in storage; a family reaches only its own children's.

export const REPORTS_PREFIX = 'reports/';

type Row = typeof progressReports.$inferSelect;

const summaryOf = (row: Row): ReportSummary => ({
  id: row.id,
  childId: row.childId,
  kind: row.kind,
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  programName: (row.data as ReportData).programName,
  hasCertificate: row.certificatePath !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The family's zone and locale for the PDF's days. */
async function viewerOf(db: Db, childId: string) {
  const [row] = await db
    .select({ zone: users.timeZone })
    .from(children)
    .innerJoin(users, eq(users.id, children.userId))
    .where(eq(children.id, childId));
  return { locale: 'en-US', timeZone: row?.zone ?? 'UTC' };
}

/**
 * Makes a period's report: the figures, the PDF (and at a program's end the certificate) stored,
 * then the row; the family is told. Once per program and period end: a second run stores nothing
 * and answers false (its files, written first, are removed again).
 */
export async function makeReport(db: Db, storage: Storage, period: ReportPeriod): Promise<boolean> {
  const data = await gatherReport(db, period);
  if (!data) return false;
  const viewer = await viewerOf(db, period.childId);
  const id = randomUUID();
  const base = `${REPORTS_PREFIX}${period.childId}/${id}`;
  const final = period.kind === 'final';
  const report = { data, periodStart: period.start, periodEnd: period.end, final };
  const pdf = await storage.put(`${base}.pdf`, await reportPdf(report, viewer));
  const certificate = final
    ? await storage.put(`${base}-certificate.pdf`, await certificatePdf(report, viewer))
    : null;
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(progressReports)
      .values({
        id,
        childId: period.childId,
        programKey: period.programKey,
        kind: period.kind,
        periodStart: period.start,
        periodEnd: period.end,
        data,
        pdfPath: pdf.key,
        certificatePath: certificate?.key ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: progressReports.id });
    if (!row) return false;
    await notifyChild(tx, period.childId, {
      kind: 'report',
      title: `${reportTitle(data.childFirstName, period.kind)} is ready`,
      body: final
        ? `${data.childFirstName} finished ${data.programName}: the report and a certificate are ready to download.`
        : `Four weeks of ${data.programName}: ${data.totals.minutes} minutes read, ${data.totals.booksFinished} books finished.`,
      link: pagePath('/reports/{id}', id),
    });
    return true;
  });
  if (!made) {
    await storage.delete(pdf.key);
    if (certificate) await storage.delete(certificate.key);
  }
  return made;
}

/** The reports of one of the family's children, newest first (another family's child: 404). */
export async function childReports(db: Db, userId: string, childId: string): Promise<ReportSummary[]> {
  const [own] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)));
  if (!own) throw notFound('That child');
  const rows = await db
    .select()
    .from(progressReports)
    .where(eq(progressReports.childId, childId))
    .orderBy(desc(progressReports.periodEnd));
  return rows.map(summaryOf);
}

/** One of the family's reports with its figures; another family's is "not found". */
export async function familyReport(db: Db, userId: string, id: string): Promise<ReportDto & { row: Row }> {
  const [found] = await db
    .select({ report: progressReports })
    .from(progressReports)
    .innerJoin(children, eq(children.id, progressReports.childId))
    .where(and(eq(progressReports.id, id), eq(children.userId, userId)));
  if (!found) throw notFound('That report');
  const row = found.report;
  return { ...summaryOf(row), data: reportDataSchema.parse(row.data), row };
}

/** Every report of the family's children, with their figures (the family's export). */
export async function familyReports(db: Db, userId: string) {
  const rows = await db
    .select({ report: progressReports })
    .from(progressReports)
    .innerJoin(children, eq(children.id, progressReports.childId))
    .where(eq(children.userId, userId))
    .orderBy(desc(progressReports.periodEnd));
  return rows.map(({ report }) => ({ ...summaryOf(report), data: report.data as ReportData }));
}
