import { inlineScriptHashes } from '../../src/platform/http/securityHeaders.server';
import { pathFor, ROUTES } from '../../src/platform/routes';
import { expect, test } from './fixtures';

// Every answer of the production server carries the security headers (decision 28), and every
// page has the one policy of the site's pages, which names each inline script a page holds (the
// client-side router runs the next page's scripts under the first page's policy).

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(' ') ?? [];

test.describe('security headers', () => {
  const policies = new Set<string>();
  for (const route of ROUTES) {
    test(`${route.path} is sent with the strict pages' policy, naming its inline scripts`, async ({
      request,
    }) => {
      const res = await request.get(pathFor(route));
      const headers = res.headers();
      expect(headers).toMatchObject(COMMON);
      expect(headers['permissions-policy']).toContain('microphone=(self)');
      const policy = headers['content-security-policy'] ?? '';
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(policy, 'object-src')).toEqual(["'none'"]);
      const scripts = directive(policy, 'script-src');
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      // Every inline script of the page is allowed by its hash, and every page has the same policy.
      expect(scripts).toEqual(expect.arrayContaining(inlineScriptHashes(await res.text())));
      policies.add(policy);
      expect(policies.size).toBe(1);
    });
  }

  test('the API, media, feeds and the not-found page carry them too', async ({ request }) => {
    for (const path of [
      '/api/health',
      '/api/plans',
      '/api/nothing-here',
      '/blogs/rss.xml',
      '/media/missing.png',
      '/no-such-page',
    ]) {
      const res = await request.get(path);
      const headers = res.headers();
      expect(headers, path).toMatchObject(COMMON);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    // What is not a page runs nothing, even opened directly (an uploaded SVG, say).
    const json = await request.get('/api/plans');
    expect(json.headers()['content-security-policy']).toContain("default-src 'none'");
  });
});

test.describe('the policy in the browser', () => {
  // The browser reports the refusal in the console: that is the point here.
  test.use({ allowedConsoleErrors: [/Content Security Policy/] });

  test('a script slipped into a page does not run', async ({ page }) => {
    await page.goto('/programs');
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener(
            'securitypolicyviolation',
            (e) => resolve(`blocked ${e.violatedDirective}`),
            {
              once: true,
            },
          );
          const script = document.createElement('script');
          script.textContent = 'window.__injected = true;';
          document.body.append(script);
          setTimeout(
            () => resolve((window as unknown as { __injected?: boolean }).__injected ? 'ran' : 'silent'),
            1000,
          );
        }),
    );
    expect(outcome).toMatch(/^blocked script-src/);
  });
});
