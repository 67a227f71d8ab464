import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { getStorage } from '~/platform/storage/index.server';
import type { Storage } from '~/platform/storage/storage';
import { reportsApi as api } from './reports.api';
import { childReports, familyReport } from './reports.server';

/** A stored PDF as a download, never cached; a file gone from storage is "not found". */
async function pdfDownload(storage: Storage, key: string | null, filename: string): Promise<Response> {
  const stored = key ? await storage.stat(key) : null;
  if (!key || !stored) throw notFound('That file');
  return new Response(await storage.read(key), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(stored.size),
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The family's progress reports of their children. */
export function reportsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const storage = () => deps.storage ?? getStorage();

  route(app, deps, api.list, async (c) =>
    c.json(await childReports(deps.db, c.get('user').id, c.req.valid('param').id), 200),
  );

  route(app, deps, api.get, async (c) => {
    const { row: _, ...report } = await familyReport(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json(report, 200);
  });

  route(app, deps, api.pdf, async (c) => {
    const report = await familyReport(deps.db, c.get('user').id, c.req.valid('param').id);
    const name = `quillreads-report-${report.data.childFirstName.toLowerCase()}-${report.periodEnd.slice(0, 10)}.pdf`;
    return (await pdfDownload(storage(), report.row.pdfPath, name.replace(/[^a-z0-9.-]/g, '-'))) as never;
  });

  route(app, deps, api.certificate, async (c) => {
    const report = await familyReport(deps.db, c.get('user').id, c.req.valid('param').id);
    const name = `quillreads-certificate-${report.data.childFirstName.toLowerCase()}.pdf`;
    return (await pdfDownload(
      storage(),
      report.row.certificatePath,
      name.replace(/[^a-z0-9.-]/g, '-'),
    )) as never;
  });
}
