import { bearer, demoToken } from './apiTokens';
import { expect, gotoReady, HTTP_404_LOG, signedInAs, test } from './fixtures';

test.use(signedInAs('parent'));

test.describe('a family’s own blog posts', () => {
  test('a blog goes from draft to submitted', async ({ page }) => {
    // Writing, saving, reloading, submitting and the list: several page loads with sign-in checks.
    test.setTimeout(60_000);
    const title = `Our library Saturdays ${Math.random().toString(36).slice(2, 7)}`;
    await gotoReady(page, '/user/myblogs');
    await page.getByRole('link', { name: 'Write a new post' }).first().click();
    await expect(page.getByRole('heading', { name: 'A new post' })).toBeVisible();

    await page.getByLabel('Title').fill(title);
    const text = page.getByRole('textbox', { name: 'Your post' });
    await text.click();
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await expect(page.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Why Saturdays');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Every week we walk to the library together.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('Maya picks a mystery');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Theo picks dinosaurs');
    await page.getByLabel('Written with').selectOption({ label: 'Maya' });
    await page.getByLabel('Pen name').fill('Jordan, Maya’s dad');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/^Saved at /)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/myblogs\/[0-9a-f-]{36}$/);

    // The saved draft comes back after a reload, with its heading and list.
    await gotoReady(page, page.url());
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(text.getByRole('heading', { level: 2, name: 'Why Saturdays' })).toBeVisible();
    await expect(text.getByRole('listitem')).toHaveText(['Maya picks a mystery', 'Theo picks dinosaurs']);
    await expect(page.getByLabel('Pen name')).toHaveValue('Jordan, Maya’s dad');
    await expect(page.getByLabel('Written with')).toHaveValue(/[0-9a-f-]{36}/);

    await page.getByRole('button', { name: 'Submit for review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this post for review?' });
    await expect(dialog).toContainText('Jordan, Maya’s dad');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText(/^Sent for review/)).toBeVisible();

    await gotoReady(page, '/user/myblogs');
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item.getByText('Waiting for review')).toBeVisible();
  });

  test('the post returned with a note shows what the reviewer asked', async ({ page }) => {
    await gotoReady(page, '/user/myblogs');
    const item = page.getByRole('listitem').filter({ hasText: 'Why we stopped reading at bedtime' });
    await expect(item.getByText('Needs changes')).toBeVisible();
    await expect(item).toContainText(
      'Could you add a paragraph on how the children reacted in the first week?',
    );
    await item.getByRole('link', { name: 'Edit “Why we stopped reading at bedtime”' }).click();
    await expect(page.getByRole('note', { name: 'Note from the reviewer' })).toContainText('first week');
    await expect(page.getByRole('textbox', { name: 'Your post' })).toContainText('ten minutes of reading');
  });

  test('refuses a title that is too short beside the field, and an insecure link in the dialog', async ({
    page,
  }) => {
    await gotoReady(page, '/user/myblogs/new');
    await page.getByLabel('Title').fill('Hi');
    await page.getByRole('textbox', { name: 'Your post' }).click();
    await page.keyboard.type('A few words.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Make a title at least 3 characters.')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    await page.getByRole('textbox', { name: 'Your post' }).click();
    await page.keyboard.press('ControlOrMeta+k');
    const dialog = page.getByRole('dialog', { name: 'Link to a web page' });
    await dialog.getByLabel('Web address').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await expect(dialog.getByText(/starting with https:\/\//)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe('someone else’s or an unknown post', () => {
    test.use({ allowedConsoleErrors: [HTTP_404_LOG] });
    test('is a clear not-found state', async ({ page, request }) => {
      // One of the administrator's own drafts: the parent must not open it.
      const admin = bearer(await demoToken('admin'));
      const created = await request.post('/api/me/blogs', {
        headers: admin,
        data: { title: 'An administrator’s draft', contentHtml: '<p>Not for families.</p>' },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      for (const path of [`/user/myblogs/${id}`, '/user/myblogs/not-a-post']) {
        await gotoReady(page, path);
        await expect(page.getByRole('heading', { name: 'We could not find this post' })).toBeVisible();
        await expect(page.getByText('An administrator’s draft')).toHaveCount(0);
      }
    });
  });
});
