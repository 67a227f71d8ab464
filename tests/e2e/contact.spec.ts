import { expect, fillContactForm, gotoReady, test, waitForIslands } from './fixtures';

for (const path of ['/contact-us', '/contact']) {
  test(`the contact form on ${path} refuses a bad email beside the field, then sends and confirms`, async ({
    page,
  }) => {
    await gotoReady(page, path);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await fillContactForm(form, {
      name: 'Priya Shah',
      email: 'priya@',
      subject: 'Summer program dates',
      text: 'When does the Summer Reading Quest start this year?',
    });
    await form.getByRole('button', { name: 'Send message' }).click();

    const email = form.getByLabel('Email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(page.locator('#contact-email-error')).toHaveText(
      'Enter a full email address, like name@example.com.',
    );
    await expect(email).toHaveAttribute('aria-describedby', /contact-email-error/);

    await email.fill(`priya-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Send message' }).click();
    const confirmation = page.getByRole('heading', {
      name: 'Thank you, Priya Shah. Your message is with our team.',
    });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(page.getByText('When does the Summer Reading Quest start this year?')).toBeVisible();
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  });
}

// Issue 13, item 7: on /contact the name box was taller and lower than the email box beside it.
test('the name and email boxes sit side by side at the same height', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoReady(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const name = await form.getByLabel('Your name').boundingBox();
  const email = await form.getByLabel('Email address').boundingBox();
  expect(name?.y).toBe(email?.y);
  expect(name?.height).toBe(email?.height);
});
