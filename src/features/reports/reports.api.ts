import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import { reportSchema, reportSummarySchema } from './reports.schema';

const pdf = { 200: { description: 'The PDF', content: binaryContent(['application/pdf']) } };

/** A child's progress reports: the list, one report's figures, its PDF and the certificate. */
export const reportsApi = {
  list: contract('listChildReports', 'GET /children/{id}/reports', {
    summary: 'The progress reports of one of the family’s children, newest first',
    description:
      'Made by a job every four weeks of a renewing program and at the end of a program (with a certificate). Another family’s child is 404.',
    access: 'account',
    params,
    status: 200,
    response: z.array(reportSummarySchema),
    returns: 'The reports',
  }),
  get: contract('getReport', 'GET /reports/{id}', {
    summary: 'One of the family’s progress reports, with its figures',
    access: 'account',
    params,
    status: 200,
    response: reportSchema,
    returns: 'The report',
  }),
  pdf: contract('getReportPdf', 'GET /reports/{id}/report.pdf', {
    summary: 'A progress report as a PDF file',
    access: 'account',
    params,
    status: 200,
    returns: 'The PDF',
    responses: pdf,
  }),
  certificate: contract('getReportCertificate', 'GET /reports/{id}/certificate.pdf', {
    summary: 'The child’s certificate of an end-of-program report, as a PDF file',
    description: 'A progress report of the middle of a program has none: 404.',
    access: 'account',
    params,
    status: 200,
    returns: 'The PDF',
    responses: pdf,
  }),
};
