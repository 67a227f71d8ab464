import type { APIRequestContext } from '@playwright/test';
import { bearer, demoToken } from './apiTokens';
import {
  createFamily,
  expect,
  expectNoViolations,
  gotoReady,
  lookAt,
  signedInAs,
  signInThroughLoginPage,
  test,
  waitForIslands,
} from './fixtures';
import { isSundaySeven } from './interviewTimes';

// Reading guides (issue 27), one journey in order: the team assigns the demo guide to Maya, the
// guide marks Maya's newest recording and writes a note, the family sees the score, the note, the
// chart against the norms, and the notification; the guide adds a weekly interview window, a new
// family books it, and the guide sees the booking.
test.describe.configure({ mode: 'serial' });

const WEEK_NOTE = 'Maya read four days out of five. Next week: ten minutes before lights out.';
const NOTE = 'Lovely steady reading, Maya. Try the long sentence about the lighthouse steps once more.';

async function mayaId(request: APIRequestContext): Promise<string> {
  const token = await demoToken('parent');
  const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as {
    children: { _id: string; name: string }[];
  };
  return me.children.find((c) => c.name === 'Maya')?._id ?? '';
}

test.describe('the team', () => {
  test.use(signedInAs('admin'));

  test('sees the guides’ load and assigns the demo guide to Maya', async ({ page, request }) => {
    await gotoReady(page, '/admin/guides');
    const card = page.getByRole('listitem', { name: 'Grace Mbeki' });
    await expect(card).toContainText(/Follows \d+ of 12 readers/);
    await expectNoViolations(page);
    await lookAt(page, 'admin-guides');

    await gotoReady(page, `/admin/enrolments/${await mayaId(request)}`);
    const panel = page.getByRole('region', { name: 'Reading guide' });
    await expect(panel).toContainText(/Followed by Grace Mbeki|No reading guide yet/);
    await panel.getByLabel('Guide').selectOption({ label: 'No guide' });
    await panel.getByRole('button', { name: 'Save the guide' }).click();
    await expect(panel.getByText('This child has no reading guide now.')).toBeVisible();
    // The guide's load in the list follows the change.
    const graceOption = panel.locator('option', { hasText: 'Grace Mbeki' });
    const freed = Number(/\((\d+) of 12/.exec((await graceOption.textContent()) ?? '')?.[1]);
    const grace = await panel.locator('option', { hasText: 'Grace Mbeki' }).getAttribute('value');
    await panel.getByLabel('Guide').selectOption(grace ?? '');
    await panel.getByRole('button', { name: 'Save the guide' }).click();
    await expect(
      panel.getByText('Grace Mbeki now follows this child; the family has been told.'),
    ).toBeVisible();
    await expect(graceOption).toContainText(`(${freed + 1} of 12`);
    await expectNoViolations(page);
  });
});

test.describe('the reading guide', () => {
  test.use(signedInAs('guide'));

  test('marks a running record of Maya’s newest recording, with a note', async ({ page, request }) => {
    test.setTimeout(180_000);
    await gotoReady(page, '/guide');
    await expect(page.getByRole('heading', { level: 1, name: 'Your readers' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Maya/ })).toBeVisible();
    await lookAt(page, 'guide-home');

    const token = await demoToken('guide');
    const child = (await (
      await request.get(`/api/guide/children/${await mayaId(request)}`, { headers: bearer(token) })
    ).json()) as { recordings: { id: string }[] };
    const newest = child.recordings[0]?.id ?? '';
    await gotoReady(page, `/guide/recordings/${newest}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Maya: The Lighthouse Keeper' })).toBeVisible();
    await expect(page.locator('audio')).toHaveAttribute('src', /^blob:/);

    // The words are one stop in the tab order; the arrow keys move along the passage.
    const first = page.getByRole('button', { name: /^Word 1: Every/ });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: /^Word 2: evening/ })).toBeFocused();

    await page.getByRole('button', { name: /^Word 7: slipped/ }).click();
    const mark = page.getByRole('region', { name: 'Word 7: “slipped”' });
    await expect(mark.getByRole('heading')).toBeFocused();
    await mark.getByLabel(/^Substitution/).check();
    await mark.getByLabel('What the child said').fill('slid');
    await mark.getByRole('button', { name: 'Done with this word' }).click();
    await expect(page.getByRole('button', { name: /^Word 7: slipped, Substitution “slid”/ })).toBeFocused();

    await page.getByLabel(/^3\. Three- or four-word phrases/).check();
    await page.getByLabel('A note to the family').fill(NOTE);
    await expect(page.locator('.rr-figures')).toContainText('Errors1');
    await expectNoViolations(page);
    await page.getByRole('button', { name: /^Save (the running record|the changes)$/ }).click();
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    await lookAt(page, 'guide-running-record');

    // The week's note, from Maya's page, once her first weekly plan is made (the job makes it
    // within a minute of the server's start).
    const parent = await demoToken('parent');
    const maya = await mayaId(request);
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/children/${maya}/plan`, { headers: bearer(parent) })).json()) as {
              state: string;
            }
          ).state,
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe('ready');
    await page.getByRole('link', { name: 'Maya’s page' }).click();
    const weekly = page.getByRole('region', { name: 'Weekly note to the family' });
    await expect(weekly.getByLabel('Week', { exact: true })).toBeVisible({ timeout: 30_000 });
    await weekly.getByLabel(/^Your note for week/).fill(WEEK_NOTE);
    await weekly.getByRole('button', { name: /^(Send the note|Save the changes)$/ }).click();
    await expect(weekly.getByText(/^Saved\./)).toBeVisible();

    // A book for next week, with its reason; taken back, the form comes again.
    const next = page.getByRole('region', { name: 'A book for next week' });
    const back = next.getByRole('button', { name: 'Take it back' });
    if (await back.isVisible()) await back.click();
    await next.getByLabel('Find a book').fill('the');
    const book = next.getByLabel('Book', { exact: true });
    await expect(book.locator('option').nth(1)).toBeAttached();
    await next.getByLabel('Why, for the family').fill('Another lighthouse story, to keep the momentum.');
    // A book Maya has read is refused beside the field: the next one in the list is tried.
    const chosen = next.getByText(/goes first in Maya’s next weekly plan/);
    for (let index = 1; index <= 10 && !(await chosen.isVisible()); index += 1) {
      await book.selectOption({ index });
      await next.getByRole('button', { name: 'Put it in next week’s plan' }).click();
      await expect(chosen.or(next.getByText(/has already read/))).toBeVisible();
    }
    await expect(chosen).toBeVisible();
    await expectNoViolations(page);
    await lookAt(page, 'guide-reader');
    await next.getByRole('button', { name: 'Take it back' }).click();
    await expect(next.getByText('Taken back: next week’s books are the recommender’s.')).toBeVisible();
  });
});

test.describe('the family', () => {
  test.use(signedInAs('parent'));

  test('sees the guide’s score and note beside the recording, the chart, the notification and the week’s note', async ({
    page,
    request,
  }) => {
    await gotoReady(page, '/readonance/oration');
    await page.getByLabel('Reader').selectOption({ label: 'Maya' });
    const newest = page.getByRole('list', { name: 'Maya’s attempts' }).getByRole('listitem').first();
    await expect(newest).toContainText('Grace Mbeki listened:');
    await expect(newest).toContainText(NOTE);
    await expect(newest).toContainText('fluency 3 of 4');
    const trend = page.getByRole('region', { name: 'Maya’s words correct per minute' });
    await expect(trend).toContainText('For grade 4');
    await expect(trend.getByRole('img')).toHaveAttribute(
      'aria-label',
      /The norms: \d+ at the 25th percentile/,
    );
    await expect(trend).toContainText('have not practised');
    await waitForIslands(page);
    await expectNoViolations(page);
    await lookAt(page, 'family-running-record');

    await gotoReady(page, '/notification');
    await expect(page.getByText('Grace Mbeki listened to Maya’s reading').first()).toBeVisible();

    await gotoReady(page, `/reading-plan/${await mayaId(request)}`);
    const note = page.getByRole('complementary', { name: 'A note from Grace Mbeki' });
    await expect(note).toContainText(WEEK_NOTE);
    await expectNoViolations(page);
  });
});

/** The new family's booking, from the test that makes it to the one that gives it back. */
let tomas = { headers: {} as Record<string, string>, startsAt: '' };

test.describe('the guide’s interview times', () => {
  test.describe('as the guide', () => {
    test.use(signedInAs('guide'));

    test('adds a Sunday morning window to her weekly times', async ({ page }) => {
      await gotoReady(page, '/guide/interviews');
      await expect(page.getByRole('heading', { level: 1, name: 'Your interviews' })).toBeVisible();
      const editor = page.getByRole('region', { name: 'Your weekly interview times' });
      const reset = editor.getByRole('button', { name: 'Use the team’s times instead' });
      if (await reset.isVisible()) {
        await reset.click();
        await editor.getByRole('button', { name: 'Yes, use the team’s times' }).click();
        await expect(editor.getByText('Families now see the team’s times.')).toBeVisible();
      }
      await editor.getByRole('button', { name: 'Add a window' }).click();
      const window = editor.getByRole('group', { name: /^Window \d+$/ }).last();
      await window.getByRole('checkbox', { name: 'Sunday' }).check();
      await window.getByLabel('From').fill('07:00');
      await window.getByLabel('Until').fill('08:00');
      await editor.getByLabel('Time zone of these times').selectOption('America/New_York');
      await editor.getByRole('button', { name: 'Save my times' }).click();
      await expect(editor.getByText('Saved. Families now see these times.')).toBeVisible();
      await expectNoViolations(page);
      await lookAt(page, 'guide-interviews');
    });
  });

  test.describe('a new family', () => {
    test('books the guide’s Sunday time, and she sees it', async ({ page, request }) => {
      const family = await createFamily(request, {
        displayName: 'Rosa Quintero',
        children: [{ firstName: 'Tomás', ageBand: '6-8', readingLevel: 'sapling' }],
      });
      await signInThroughLoginPage(page, family, '/schedule-interview');
      const times = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio');
      await expect(times.first()).toBeAttached();
      const values = await times.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      const sunday = values.find(isSundaySeven);
      expect(sunday, 'a Sunday 07:00 time of the guide is offered').toBeDefined();
      await page.locator(`input[type="radio"][value="${sunday}"]`).check();
      await page.getByRole('button', { name: 'Book this time' }).click();
      await expect(page.getByRole('heading', { name: 'Your interview is booked' })).toBeVisible();
      await expect(page.getByText('With Grace Mbeki, a Quill Reads reading guide.')).toBeVisible();

      tomas = { headers: family.headers, startsAt: String(sunday) };
    });
  });

  test.describe('as the guide, afterwards', () => {
    test.use(signedInAs('guide'));

    test('sees the interview booked with her, then goes back to the team’s times', async ({
      page,
      request,
    }) => {
      await gotoReady(page, '/guide/interviews');
      const booked = page.getByRole('region', { name: /^Interviews booked with you/ });
      const line = booked.getByRole('listitem').filter({ hasText: 'Tomás' });
      await expect(line).toContainText('with Rosa Quintero');
      await expect(line.locator(`time[datetime="${tomas.startsAt}"]`)).toBeVisible();
      await expect(line.getByRole('link', { name: 'Open the call with Tomás (new tab)' })).toBeVisible();
      await lookAt(page, 'guide-interviews-booked');

      const editor = page.getByRole('region', { name: 'Your weekly interview times' });
      await editor.getByRole('button', { name: 'Use the team’s times instead' }).click();
      await editor.getByRole('button', { name: 'Keep mine' }).click();
      await editor.getByRole('button', { name: 'Use the team’s times instead' }).click();
      await editor.getByRole('button', { name: 'Yes, use the team’s times' }).click();
      await expect(editor.getByText('Families now see the team’s times.')).toBeVisible();
      // The booking stays: changing the times never cancels an interview. Then it is given back.
      await expect(line).toBeVisible();
      const mine = (await (await request.get('/api/me/interviews', { headers: tomas.headers })).json()) as {
        interviews: { id: string }[];
      };
      const id = mine.interviews[0]?.id;
      expect((await request.delete(`/api/interviews/${id}`, { headers: tomas.headers })).status()).toBe(200);
    });
  });
});
