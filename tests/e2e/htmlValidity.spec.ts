import { formatProblems, htmlProblems } from '../../scripts/htmlValidity.mjs';
import { pathFor, ROUTES } from '../../src/platform/routes';
import { expect, test } from './fixtures';

// Every public page is valid HTML by html-validate's recommended rules, as configured (and
// explained) in .htmlvalidate.json and docs/architecture.md, "Valid HTML". The HTML is the
// server's, as a browser first gets it: no JavaScript runs. `node scripts/validate-html.mjs` runs the
// same check on a build or on any running server.

interface Posts {
  posts: { id: string }[];
}
interface Events {
  upcoming: { id: string }[];
  past: { id: string }[];
}

const publicRoutes = ROUTES.filter((r) => r.access === 'public');

test.describe('valid HTML on every public page', () => {
  for (const route of publicRoutes) {
    test(`${route.path}`, async ({ request }) => {
      let path = route.path;
      if (route.path === '/blogs/{id}') {
        const { posts } = (await (await request.get('/api/blogs?limit=1')).json()) as Posts;
        expect(posts.length, 'the demo content has a published post').toBeGreaterThan(0);
        path = pathFor(route, posts[0]?.id);
      } else if (route.path === '/events/{id}') {
        const { upcoming, past } = (await (await request.get('/api/events')).json()) as Events;
        const event = upcoming[0] ?? past[0];
        expect(event, 'the demo content has an event').toBeDefined();
        path = pathFor(route, event?.id);
      }
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      const problems = await htmlProblems(await response.text(), path);
      expect(
        formatProblems(problems),
        `html-validate errors on ${path} (page:line:column rule message)`,
      ).toBe('');
    });
  }

  test('the 404 page', async ({ request }) => {
    const response = await request.get('/no-such-page');
    expect(response.status()).toBe(404);
    const problems = await htmlProblems(await response.text(), '/no-such-page');
    expect(formatProblems(problems)).toBe('');
  });

  test('the contact form sent back without JavaScript, with an error to fix', async ({ request }) => {
    const response = await request.post('/contact/send', {
      form: {
        name: 'Noor Haddad',
        email: 'noor@',
        subject: 'Hello',
        message: 'Just checking the page.',
        website: '',
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const problems = await htmlProblems(await response.text(), 'POST /contact/send');
    expect(formatProblems(problems)).toBe('');
  });
});
