import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, demoToken } from './apiTokens';
import { expect, expectNoViolations, gotoReady, signedInAs, test } from './fixtures';

const ADMIN_NAME = 'Ada Okafor';

test.use(signedInAs('admin'));

/** The demo parent writes a post with Maya and sends it for review, through the API. */
async function submittedPost(request: APIRequestContext, title: string) {
  const token = await demoToken('parent');
  const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as {
    children: { _id: string; name: string }[];
  };
  const maya = me.children.find((c) => c.name === 'Maya')?._id ?? '';
  const created = await request.post('/api/me/blogs', {
    headers: bearer(token),
    data: {
      title,
      childId: maya,
      contentHtml:
        '<h2>The shelf by the door</h2><p>Every evening Maya picks one book from the shelf by the door.</p><ul><li>No screens after dinner</li><li>One chapter each</li></ul>',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/api/me/blogs/${id}/submit`, { headers: bearer(token) })).status()).toBe(200);
  return { id, token, maya };
}

async function openReview(page: Page, id: string, title: string) {
  await gotoReady(page, `/admin/unapprovedblogs/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test.describe('reviewing families’ blog posts', () => {
  test('an admin approves a submitted post: it is on /blogs and the child is told', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const title = `Our shelf by the door ${Date.now().toString(36)}`;
    const { id, token, maya } = await submittedPost(request, title);

    await gotoReady(page, '/admin/approveblogs');
    await expect(page.getByRole('heading', { name: 'Waiting for review', exact: true })).toBeVisible();
    await page.getByLabel('Search posts').fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Maya');
    await expect(row).toContainText('Waiting for review');
    await expect(page).toHaveURL(/q=Our/);
    await expectNoViolations(page);

    await row.getByRole('link', { name: title }).click();
    await expect(page.getByText('As it will look when published', { exact: true })).toBeVisible();
    const preview = page.getByRole('article', { name: title });
    await expect(preview.getByRole('heading', { level: 2, name: 'The shelf by the door' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText(['No screens after dinner', 'One chapter each']);
    await expect(page.getByRole('definition').filter({ hasText: 'Jordan Rivers' })).toContainText(
      'parent@example.com',
    );
    await expectNoViolations(page);

    // Returning it needs a note: the error is beside the field.
    await page.getByRole('button', { name: 'Return with a note' }).click();
    await expect(page.getByLabel('Note to the family')).toBeFocused();
    await expect(page.getByText('Tell the family what to change: a rejection needs a note.')).toBeVisible();

    await page.getByLabel('Note to the family').fill('A lovely routine, thank you for sharing it.');
    await page.getByRole('button', { name: 'Approve and publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish this post?' });
    await expect(dialog).toContainText('Maya gets a notification.');
    await dialog.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(page.getByText(`Approved: “${title}” is now on the blog.`)).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText(`by ${ADMIN_NAME}`)).toBeVisible();

    await gotoReady(page, '/blogs');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await gotoReady(page, `/blogs/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const notes = (await (
      await request.get(`/api/children/${maya}/notifications`, { headers: bearer(token) })
    ).json()) as { notifications: { title: string; body: string; link: string | null }[] };
    expect(notes.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Your family’s blog post was published',
          link: `/blogs/${id}`,
          body: expect.stringContaining(title),
        }),
      ]),
    );
  });

  test.describe(() => {
    // The refused review answers 409, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 409/] });
    test('two admins approving one post at once: one approval, one clear refusal', async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(60_000);
      const title = `Two reviewers, one post ${Date.now().toString(36)}`;
      const { id } = await submittedPost(request, title);
      const other = await context.newPage();
      await Promise.all([openReview(page, id, title), openReview(other, id, title)]);

      for (const p of [page, other]) await p.getByRole('button', { name: 'Approve and publish' }).click();
      await Promise.all(
        [page, other].map((p) =>
          p
            .getByRole('dialog', { name: 'Publish this post?' })
            .getByRole('button', { name: 'Approve and publish' })
            .click(),
        ),
      );

      const approved = page.getByText(`Approved: “${title}” is now on the blog.`);
      const refused = `This post was already approved by ${ADMIN_NAME} and is published now.`;
      await expect(approved.or(page.getByText(refused))).toBeVisible();
      const [winner, loser] = (await approved.isVisible()) ? [page, other] : [other, page];
      await expect(winner.getByText(`Approved: “${title}” is now on the blog.`)).toBeVisible();
      await expect(loser.getByRole('alert')).toContainText(refused);
      // The refused page now shows what the post is.
      await expect(loser.getByText('Published', { exact: true })).toBeVisible();
      await expect(loser.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
      await expect(loser.getByRole('link', { name: 'Read it on the blog' })).toBeVisible();

      // And the API, asked once more, refuses the same way.
      const late = await request.post(`/api/admin/blogs/${id}/review`, {
        headers: bearer(await demoToken('admin')),
        data: { decision: 'approve' },
      });
      expect(late.status()).toBe(409);
      expect(((await late.json()) as { error: { code: string } }).error.code).toBe('already_reviewed');
      await other.close();
    });
  });

  test('an admin corrects a submitted post before review', async ({ page, request }) => {
    const title = `Needs a small fix ${Date.now().toString(36)}`;
    const { id } = await submittedPost(request, title);
    await openReview(page, id, title);
    await page.getByRole('link', { name: 'Correct the post' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expectNoViolations(page);

    await page.getByLabel('Title').fill('x');
    await page.getByRole('button', { name: 'Save and go back to review' }).click();
    await expect(page.getByText('Make a title at least 3 characters.')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();

    await page.getByLabel('Title').fill(`${title}, corrected`);
    await page.getByRole('button', { name: 'Save and go back to review' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/unapprovedblogs/${id}`));
    await expect(page.getByText('Your corrections are saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `${title}, corrected` })).toBeVisible();
  });
});

test('an admin writes and publishes a post that appears on /blogs', async ({ page }) => {
  test.setTimeout(60_000);
  const title = `Summer reading list ${Date.now().toString(36)}`;
  await gotoReady(page, '/admin/blogwriting');
  await expectNoViolations(page);

  // Nothing written yet: errors beside the fields, nothing published.
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Make a title at least 3 characters.')).toBeVisible();
  await expect(page.getByText('Write the post.')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByRole('textbox', { name: 'The post' }).click();
  await page.keyboard.type('Ten books our readers loved this year, picked by the team.');
  await page.getByRole('button', { name: 'Publish now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this post now?' });
  await expect(dialog).toContainText(`signed “${ADMIN_NAME}”`);
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: `“${title}” is on the blog` })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('link', { name: 'Read it on the blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`By ${ADMIN_NAME}`)).toBeVisible();
  await gotoReady(page, '/blogs');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
});
