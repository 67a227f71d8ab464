import { randomUUID } from 'node:crypto';
import { bearer, demoToken } from './apiTokens';
import { expect, fillContactForm, test } from './fixtures';

// The contact form works without JavaScript: a plain web form posted to /contact/send, which sends
// it on to the API like the island does, then shows a thank-you page, or the form again with each
// error beside its field and what was typed still there.
test.use({ javaScriptEnabled: false });

test('without JavaScript, a message is sent as a plain form, stored, and thanked for', async ({
  page,
  request,
}) => {
  const subject = `No script at the library ${randomUUID().slice(0, 8)}`;
  const email = `noor-${Date.now()}@example.com`;
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await fillContactForm(form, {
    name: 'Noor Haddad',
    email,
    subject,
    text: 'Our library computers have JavaScript turned off.\nCan we still join?',
  });
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL(/\/contact\/sent(#.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you. Your message is with our team.',
  );
  await expect(page.getByRole('link', { name: 'Send another message' })).toHaveAttribute('href', '/contact');

  // Stored as a message from the island is: the team finds it, whole, in its list.
  const res = await request.get(`/api/admin/inquiries?q=${encodeURIComponent(subject)}`, {
    headers: bearer(await demoToken('admin')),
  });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as {
    items: { name: string; email: string; subject: string; status: string }[];
  };
  expect(items).toEqual([expect.objectContaining({ name: 'Noor Haddad', email, subject, status: 'new' })]);
});

test.describe('a form that needs fixing', () => {
  // The form comes back with 400, which the browser notes in its console; that is the point here.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('without JavaScript, it comes back with the error beside its field', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await fillContactForm(form, {
      name: 'Noor Haddad',
      email: 'noor@',
      subject: 'Library computers',
      text: 'Can we join without JavaScript?',
    });
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact/send',
      ),
      form.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(response.status()).toBe(400);

    const again = page.getByRole('form', { name: 'Contact form' });
    const email = again.getByLabel('Email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-describedby', /contact-email-error/);
    await expect(page.locator('#contact-email-error')).toHaveText(
      'Enter a full email address, like name@example.com.',
    );
    await expect(again.getByRole('alert')).toHaveText('Some of what was sent is not valid.');
    // What was typed is still there, so only the mistake needs fixing.
    await expect(email).toHaveValue('noor@');
    await expect(again.getByLabel('Your name')).toHaveValue('Noor Haddad');
    await expect(again.getByLabel('Subject')).toHaveValue('Library computers');
    await expect(again.getByLabel('Message')).toHaveValue('Can we join without JavaScript?');
    await expect(page).toHaveTitle(/Check your message/);
  });
});
