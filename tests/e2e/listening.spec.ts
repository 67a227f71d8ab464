import { fileURLToPath } from 'node:url';
import type { Request } from '@playwright/test';
import { createFamily, expect, expectNoViolations, signInThroughLoginPage, test } from './fixtures';
import { fakeMicrophone } from './microphone';

const PAGE = '/readonance/oration';
// "The Garden Gate" read by a synthetic voice with "jumps" left out (scripts/listening/make-fixture.ts),
// played once through Chromium's fake microphone.
const READING = fileURLToPath(new URL('../fixtures/listening/garden-gate.wav', import.meta.url));

test.use(fakeMicrophone(READING));

test('a reading is followed word by word on the device and pre-scored; with the figures only, no audio leaves it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A family of its own: Theo reads at the Sprout level, so "The Garden Gate" comes first.
  const family = await createFamily(request, {
    displayName: 'Robin Hale',
    children: [{ firstName: 'Theo', ageBand: '4-6', readingLevel: 'sprout' }],
  });
  const { headers } = family;
  const theo = family.childIds[0] ?? '';
  const sent: Request[] = [];
  page.on('request', (r) => sent.push(r));
  await signInThroughLoginPage(page, family, PAGE);
  await expect(page.getByRole('heading', { level: 2, name: 'The Garden Gate' })).toBeVisible();

  await page.getByRole('button', { name: 'Start reading' }).click();
  // The words heard so far are shaded and the next one highlighted, as the reading goes on.
  await expect(page.getByText('Listening on this device')).toBeVisible({ timeout: 30_000 });
  const heard = page.locator('.ra-w[data-state="heard"]');
  await expect.poll(() => heard.count(), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect(page.locator('.ra-w[data-state="next"]')).toHaveCount(1);
  // Up to "garden", the last word (some words on the way may be marked missed).
  await expect.poll(() => heard.count(), { timeout: 30_000 }).toBe(38);
  await page.getByRole('button', { name: 'Finish' }).click();

  // Pre-scored: "jumps" was left out, and the figures say so.
  await expect(page.getByRole('heading', { name: 'Well read, Theo!' })).toBeFocused({ timeout: 20_000 });
  const jumps = page.getByRole('button', { name: 'Word 32: jumps, missed' });
  await expect(jumps).toHaveAttribute('aria-pressed', 'true');
  const figures = page.locator('.ra-figures').last();
  await expect(figures).toContainText('Accuracy');
  await expect(figures).toContainText('Words correct per minute');
  await expect(figures.locator('dd').first()).toHaveText(/ of 38$/);
  const read = Number((await figures.locator('dd').first().textContent())?.split(' of ')[0]);
  // Clean synthetic speech is heard at about 91% (bench:listening), 33 or 34 of these 37 words; the fake
  // microphone plays in real time, and on a busy machine (CI ran 31) a few blocks come through blurred.
  // What this test proves is the pipeline and the omission, so it asks for three words in four.
  expect(read).toBeGreaterThanOrEqual(28);
  expect(read).toBeLessThanOrEqual(37);
  await expectNoViolations(page);

  // The family corrects a mark (say Theo did read "jumps"): the figures follow, and back again.
  await jumps.click();
  const jumpsRead = page.getByRole('button', { name: 'Word 32: jumps, read' });
  await expect(jumpsRead).toHaveAttribute('aria-pressed', 'false');
  await expect(jumpsRead).toBeFocused();
  await expect(figures.locator('dd').first()).toHaveText(`${read + 1} of 38`);
  await jumpsRead.click();
  await expect(figures.locator('dd').first()).toHaveText(`${read} of 38`);

  // Only the figures are saved: the attempt has no audio, and no request carried any.
  await page.getByRole('button', { name: 'Save the figures only' }).click();
  await expect(page.getByText('Saved to Theo’s reading history.')).toBeVisible();
  const saves = sent.filter(
    (r) => r.method() === 'POST' && r.url().includes(`/api/children/${theo}/recordings`),
  );
  expect(saves).toHaveLength(1);
  expect(saves[0]?.postDataBuffer()).toBeNull();
  // No request of the page or its worker carried audio, or anything the size of a few seconds of it.
  const bodies = sent.filter((r) => (r.postDataBuffer()?.byteLength ?? 0) > 0);
  expect(
    bodies.filter((r) => /audio|octet-stream/.test(r.headers()['content-type'] ?? '')).map((r) => r.url()),
  ).toEqual([]);
  expect(bodies.filter((r) => (r.postDataBuffer()?.byteLength ?? 0) > 4_000).map((r) => r.url())).toEqual([]);
  // The worker asked only for the model's files, from the site itself.
  const model = sent.filter((r) => r.url().includes('/_astro/listening-'));
  expect(model.length).toBeGreaterThanOrEqual(7);
  expect(model.every((r) => r.method() === 'GET')).toBe(true);
  const saved = (await (await request.get(`/api/children/${theo}/recordings`, { headers })).json()) as {
    hasAudio: boolean;
    heard: { wordsCorrectPerMinute: number; errors: number } | null;
  }[];
  expect(saved).toEqual([
    expect.objectContaining({ hasAudio: false, heard: expect.objectContaining({ errors: 38 - read }) }),
  ]);
  // The history says what listening heard, and that only the figures were kept.
  const history = page.getByRole('list', { name: 'Theo’s attempts' }).getByRole('listitem').first();
  await expect(history).toContainText('figures only, no recording');
  await expect(history).toContainText('Listened on this device');
  await expect(history).toContainText(`${saved[0]?.heard?.wordsCorrectPerMinute} words correct a minute`);
});
