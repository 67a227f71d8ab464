import { readFile, writeFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { pdfPagePng, pdfText } from '../support/pdf';
import { expect, expectNoViolations, gotoReady, lookAt, signedInAs, test } from './fixtures';

// Progress reports (issue 27): the demo parent's Theo finished a program a week ago; the report job
// made its report and certificate. The family finds them on the profile, reads the report's page
// and downloads both PDFs, which hold Theo's own figures (read with MuPDF) and are drawn as PNG
// pictures to look at.
test.use(signedInAs('parent'));

async function downloaded(page: Page, button: string): Promise<{ file: Download; bytes: Uint8Array }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { file, bytes: new Uint8Array(await readFile(String(await file.path()))) };
}

test('Theo’s end-of-program report: on the profile, on its page, and as real PDFs', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoReady(page, '/profile');
  await page.getByRole('tab', { name: 'Reading plan' }).click();
  await page.getByRole('group', { name: 'Whose plan to show' }).getByRole('radio', { name: /Theo/ }).check();
  const reports = page.getByRole('region', { name: 'Theo’s reports' });
  await reports.getByRole('link', { name: 'Theo’s end-of-program report' }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { level: 2, name: 'Theo’s end-of-program report' })).toBeVisible();
  await expect(page.getByText('A-Bridged Condensed Program,', { exact: false })).toBeVisible();
  const minutes =
    (await page.locator('.report-figures div', { hasText: 'Minutes read' }).locator('dd').textContent()) ??
    '';
  expect(Number(minutes)).toBeGreaterThan(100);
  await expect(page.getByRole('region', { name: 'Minutes each week' })).toContainText('Week 1, from');
  await expect(page.getByRole('region', { name: 'Books finished' })).toContainText('Knuffle Bunny');
  await expectNoViolations(page);
  await lookAt(page, 'report-page');

  const report = await downloaded(page, 'Download the report (PDF)');
  expect(report.file.suggestedFilename()).toBe('quillreads-report-theo.pdf');
  expect(new TextDecoder().decode(report.bytes.slice(0, 5))).toBe('%PDF-');
  const text = pdfText(report.bytes);
  expect(text).toContain('Theo’s end-of-program report');
  expect(text).toContain(`${minutes} minutes read`);
  expect(text).toContain('Knuffle Bunny');
  await writeFile('test-results/screens/report-pdf.png', pdfPagePng(report.bytes));

  const certificate = await downloaded(page, 'Download Theo’s certificate (PDF)');
  const words = pdfText(certificate.bytes);
  expect(words).toContain('Theo');
  expect(words).toContain(`completed A-Bridged Condensed Program, with ${minutes} minutes of reading`);
  await writeFile('test-results/screens/report-certificate.png', pdfPagePng(certificate.bytes));
});
