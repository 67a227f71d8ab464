import type { Page } from '@playwright/test';
import {
  emailsTo,
  expect,
  expectNoSidewaysScroll,
  expectNoViolations,
  fillContactForm,
  gotoReady,
  HTTP_404_LOG,
  signedInAs,
  test,
  waitForIslands,
} from './fixtures';

const SEED_MP3 = 'src/features/demo/media/podcast/003-reading-is-boring.mp3';

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/screens/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('a visitor writes, an administrator answers', () => {
  test.use(signedInAs('admin'));

  test('an inquiry sent from /contact-us is found, taken in progress with a note, then answered', async ({
    browser,
    page: admin,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const subject = `Library card question ${stamp}`;
    const email = `lena-${stamp}@example.com`;

    // The visitor, signed out, on the public contact page.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await gotoReady(visitor, '/contact-us');
    const form = visitor.getByRole('form', { name: 'Contact form' });
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(visitor);
    await fillContactForm(form, {
      name: 'Lena Fischer',
      email,
      subject,
      text: 'Can Theo use his school library card for the Rated Reads books?\nThanks, <b>Lena</b>',
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(visitor.getByRole('heading', { name: /Thank you, Lena Fischer/ })).toBeVisible();
    await visitorContext.close();

    await gotoReady(admin, '/admin/inquiries');
    await admin.getByLabel('Search messages').fill(email);
    const row = admin.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toBeVisible();
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expectNoViolations(admin);
    await admin.getByLabel('Status').selectOption('new');
    await expect(row).toBeVisible();
    await screenshots(admin, 'admin-inquiries');

    await row.getByRole('link', { name: subject }).click();
    await waitForIslands(admin);
    await expect(admin.getByRole('heading', { name: subject })).toBeVisible();
    // The message is text: the markup the visitor typed shows as they typed it.
    await expect(admin.getByText('Thanks, <b>Lena</b>')).toBeVisible();
    await expect(
      admin.getByText(`No reply yet. A reply goes to ${email} by email and is kept here.`),
    ).toBeVisible();
    // Opening it changed nothing: still new until someone takes it.
    await expect(admin.getByRole('radio', { name: 'New' })).toBeChecked();
    await expectNoViolations(admin);

    await admin.getByRole('radio', { name: 'In progress' }).check();
    await admin.getByLabel('Internal note').fill('Asked the partner library; waiting for their answer.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Saved. The message is in progress.')).toBeVisible();
    await screenshots(admin, 'admin-inquiry');

    // A reload shows what was kept.
    await admin.reload();
    await waitForIslands(admin);
    await expect(admin.getByRole('radio', { name: 'In progress' })).toBeChecked();
    await expect(admin.getByLabel('Internal note')).toHaveValue(
      'Asked the partner library; waiting for their answer.',
    );

    // A note that is too long is refused beside the field, and nothing is lost.
    await admin.getByLabel('Internal note').fill('x'.repeat(5001));
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.locator('#inquiry-note-error')).toHaveText(
      'Keep the note to 5,000 characters or fewer.',
    );
    await expect(admin.getByLabel('Internal note')).toBeFocused();
    await admin.getByLabel('Internal note').fill('Library cards work: replied with the steps.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Saved. The message is in progress.')).toBeVisible();

    // The reply, written here and sent by email: an empty one is refused beside the field.
    const replyBox = admin.getByLabel('Your reply to Lena Fischer');
    await admin.getByRole('button', { name: 'Send the reply' }).click();
    await expect(admin.locator('#inquiry-reply-message-error')).toHaveText('Write the reply.');
    await expect(replyBox).toBeFocused();
    await replyBox.fill('Hello Lena,\n\nYes: any public library card works. Bring it to the desk once.');
    await admin.getByRole('button', { name: 'Send the reply' }).dblclick();
    await expect(
      admin.getByText(`Your reply is on its way to ${email}. The message is marked answered.`),
    ).toBeVisible();
    await expect(admin.getByRole('radio', { name: 'Answered' })).toBeChecked();
    const replies = admin.getByRole('region', { name: 'Replies' }).getByRole('listitem');
    await expect(replies).toHaveCount(1);
    await expect(replies.first()).toContainText('any public library card works');
    await expectNoViolations(admin);
    const [mail, ...more] = await emailsTo(admin.request, email, 1);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Re: ${subject}`);
    expect(mail?.text).toContain('Yes: any public library card works.');
    expect(mail?.text).toContain('Thanks, <b>Lena</b>');
    await admin.reload();
    await waitForIslands(admin);
    await expect(replies.first()).toContainText('Sent');
    await screenshots(admin, 'admin-inquiry-replied');

    await gotoReady(admin, '/admin/inquiries?status=answered');
    await admin.getByLabel('Search messages').fill(subject);
    await expect(
      admin.getByRole('row', { name: new RegExp(subject) }).getByText('Answered', { exact: true }),
    ).toBeVisible();
  });
});

// The API's 404 for the unknown id is logged by the browser: expected here.
test.describe('an unknown inquiry', () => {
  test.use({ ...signedInAs('admin'), allowedConsoleErrors: [HTTP_404_LOG] });

  test('an unknown inquiry shows a clear not-found state', async ({ page }) => {
    await gotoReady(page, '/admin/inquiries/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'This message does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all inquiries' })).toBeVisible();
  });
});

test.describe('podcast episodes', () => {
  // The taken episode number is refused by the API with a 409, which the browser logs.
  test.use({ ...signedInAs('admin'), allowedConsoleErrors: [/status of 409/] });

  test('an admin creates an episode with an uploaded MP3 that appears on /podcast and in the feed', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Bedtime stories that travel ${Date.now()}`;
    await gotoReady(page, '/admin/podcastupdate');
    await expect(page.getByRole('heading', { name: 'Episodes', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Why twenty minutes a day matters' })).toBeVisible();
    await expectNoViolations(page);
    await screenshots(page, 'admin-podcast-list');

    await page.getByRole('link', { name: 'New episode' }).click();
    await expect(page.getByRole('heading', { name: 'New episode' })).toBeFocused();

    // Publishing with no audio and no title is refused beside each field.
    await page.getByRole('radio', { name: /Publish now/ }).check();
    await page.getByRole('button', { name: 'Save episode' }).click();
    await expect(page.locator('#episode-title-error')).toHaveText('Enter a title.');
    await expect(page.getByLabel('Title')).toBeFocused();
    await expect(page.locator('#episode-publishedAt-error')).toContainText('Add the audio');

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Summary').fill('Three stories to read in the car, on the train or under a torch.');
    await page.getByLabel('Episode number (optional)').fill('3');
    await page
      .getByRole('textbox', { name: 'Show notes' })
      .fill('Stories for journeys.\n\nMentioned: the Summer Reading Quest.');
    await page
      .getByRole('textbox', { name: 'Transcript' })
      .fill('Welcome back to Quill Reads.\n\nToday: stories that travel.');
    await page.getByLabel('Audio file').setInputFiles(SEED_MP3);
    // Number 3 is taken by a demo episode: said beside the field, nothing else lost.
    await page.getByRole('radio', { name: /On a date and time/ }).check();
    await page.getByLabel('Publication date and time').fill('2021-03-01T07:00');
    await page.getByRole('button', { name: 'Save episode' }).click();
    await expect(page.locator('#episode-episodeNumber-error')).toContainText('is already episode 3');
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Episode number (optional)').fill('');
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Save episode' }).click();
    await expect(page.getByText('Saved and published')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/#edit\/[0-9a-f-]{36}$/);
    await expect(
      page.getByText(/Current audio: Uploaded file · MP3 \(audio\/mpeg\) · 193 KB · 0:49/),
    ).toBeVisible();
    await expectNoViolations(page);
    await screenshots(page, 'admin-podcast-editor');

    // On the podcast page and in the feed, with its audio served.
    await gotoReady(page, '/podcast');
    const article = page.getByRole('article', { name: title });
    await expect(article).toBeVisible();
    await expect(article).toContainText('Three stories to read in the car');
    // The date as this browser writes it (en-US): every date is written for its reader.
    await expect(article).toContainText('March 1, 2021');
    const feed = await (await request.get('/podcast/feed.xml')).text();
    expect(feed).toContain(`<title>${title}</title>`);
    const enclosure =
      /<enclosure url="[^"]+(\/media\/podcast\/[0-9a-f-]{36}\.mp3)" length="197366" type="audio\/mpeg"\/>/;
    const path = enclosure.exec(feed)?.[1] ?? '';
    expect(path).not.toBe('');
    const audio = await request.head(path);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-length']).toBe('197366');

    // Back in the console: the episode is listed as published and can be deleted after a confirmation.
    await gotoReady(page, '/admin/podcastupdate');
    await page.getByLabel('Search episodes').fill(title);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Delete episode' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete episode' }).click();
    await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
    expect(await (await request.get('/podcast/feed.xml')).text()).not.toContain(title);
    expect((await request.head(path)).status()).toBe(404);
  });
});
