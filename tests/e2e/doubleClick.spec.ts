import { randomUUID } from 'node:crypto';
import { bearer, demoToken } from './apiTokens';
import { expect, gotoReady, signedInAs, test, waitForIslands } from './fixtures';

// Issue 13, item 2: a double-click made two inquiries on the contact form and two drafts on "Save
// draft". Each creating form now sends once (the button stops a second send while the first is in
// flight) with one idempotency key, which the server honours.

test('a double-click on the contact form sends one message', async ({ page, request }) => {
  const subject = `Double-click ${randomUUID().slice(0, 8)}`;
  await gotoReady(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await form.getByLabel('Your name').fill('Priya Shah');
  await form.getByLabel('Email address').fill(`priya-${Date.now()}@example.com`);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Does a double-click send this twice?');
  await form.getByRole('button', { name: 'Send message' }).dblclick();
  await expect(page.getByRole('heading', { name: /Thank you, Priya Shah/ })).toBeVisible();

  const admin = bearer(await demoToken('admin'));
  const list = (await (
    await request.get(`/api/admin/inquiries?q=${encodeURIComponent(subject)}`, { headers: admin })
  ).json()) as { items: { subject: string }[] };
  expect(list.items.filter((i) => i.subject === subject)).toHaveLength(1);
});

test.describe('signed in as a parent', () => {
  test.use(signedInAs('parent'));

  test('a double-click on "Save draft" of a new post saves one draft', async ({ page, request }) => {
    const title = `One draft ${randomUUID().slice(0, 8)}`;
    await gotoReady(page, '/user/myblogs/new');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Your post' }).click();
    await page.keyboard.type('A double-click should save this once.');
    await page.getByRole('button', { name: 'Save draft' }).dblclick();
    await expect(page).toHaveURL(/\/user\/myblogs\/[0-9a-f-]{36}$/);

    const parent = bearer(await demoToken('parent'));
    const mine = (await (await request.get('/api/me/blogs', { headers: parent })).json()) as {
      id: string;
      title: string;
    }[];
    const drafts = mine.filter((p) => p.title === title);
    expect(drafts).toHaveLength(1);
    await request.delete(`/api/me/blogs/${drafts[0]?.id}`, { headers: parent });
  });
});
