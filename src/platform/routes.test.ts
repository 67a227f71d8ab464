import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import specFixture from '../../tests/fixtures/spec-routes.json';
import {
  accessFor,
  findPage,
  findRoute,
  LINKED_PAGES,
  PUBLIC_BEYOND_SPEC,
  pagePath,
  pathFor,
  ROUTES,
} from './routes';

/** The specification lives outside the repository and is absent from some clones; the fixture is not. */
const SPEC = join(process.cwd(), '..', 'shared', 'SPEC.md');

/** The routes SPEC.md lists under a heading of section 2, in its own words. */
function specRoutes(heading: string): string[] {
  const spec = readFileSync(SPEC, 'utf8');
  const section = spec.split(`### ${heading}`)[1]?.split('###')[0] ?? '';
  const list = section.split('\n').find((line) => line.startsWith('/')) ?? '';
  return list
    .replace(/\.$/, '')
    .split(',')
    .map((p) => p.trim().replace(/ \(.*\)$/, ''));
}

/** The page file Astro routes a path pattern to. */
function pageFile(path: string): string {
  const parts =
    path === '/'
      ? ['index']
      : path
          .slice(1)
          .split('/')
          .map((p) => (p === '{id}' ? '[id]' : p));
  const direct = join('src', 'pages', `${parts.join('/')}.astro`);
  return existsSync(direct) ? direct : join('src', 'pages', ...parts, 'index.astro');
}

describe('route table', () => {
  it('lists each route once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('matches the routes of SPEC.md section 2 (kept as a fixture), public and protected', () => {
    const specified = ROUTES.filter((r) => !r.beyondSpec);
    const publicPaths = specified.filter((r) => r.access === 'public').map((r) => r.path);
    const protectedPaths = specified.filter((r) => r.access !== 'public').map((r) => r.path);
    expect(publicPaths.sort()).toEqual([...specFixture.public].sort());
    expect(protectedPaths.sort()).toEqual([...specFixture.protected].sort());
  });

  it.skipIf(!existsSync(SPEC))('keeps the fixture equal to the route lists of SPEC.md section 2', () => {
    expect(specFixture.public).toEqual(specRoutes('Public routes'));
    expect(specFixture.protected).toEqual(specRoutes('Routes behind a protected-route guard'));
  });

  it('adds beyond the specification only admin pages, the guide console, the family’s printable plan, wall, receipts and reports, and the contact form’s steps without JavaScript', () => {
    const familyPages = ['/reading-plan/{id}', '/reading-wall/{id}', '/receipt', '/reports/{id}'];
    for (const r of ROUTES.filter((route) => route.beyondSpec)) {
      const expected = (PUBLIC_BEYOND_SPEC as readonly string[]).includes(r.path)
        ? 'public'
        : familyPages.includes(r.path)
          ? 'signed-in'
          : r.path === '/guide' || r.path.startsWith('/guide/')
            ? 'guide'
            : 'admin';
      expect(r.access, r.path).toBe(expected);
    }
  });

  it('has a page file for every route', () => {
    for (const route of ROUTES) expect(existsSync(pageFile(route.path)), route.path).toBe(true);
  });

  it('finds a route from a concrete path, with or without a trailing slash', () => {
    expect(findRoute('/admin/users/abc123')?.path).toBe('/admin/users/{id}');
    expect(findRoute('/profile/')?.path).toBe('/profile');
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/admin/users/a/b')).toBeUndefined();
  });

  it('puts every admin-prefixed page and the plan, book, passage and user pages behind the admin role', () => {
    for (const r of ROUTES) {
      if (r.path.startsWith('/admin/')) expect(r.access, r.path).toBe('admin');
    }
    for (const p of ['/updatePlan/1', '/updateBooks/1', '/updateReadonance/1', '/view-user-page/1']) {
      expect(accessFor(p), p).toBe('admin');
    }
  });

  it('keeps the family pages for any signed-in account', () => {
    for (const p of ['/profile', '/createProfile', '/notification', '/book-history/7', '/user/myblogs/3']) {
      expect(accessFor(p), p).toBe('signed-in');
    }
  });

  it('fills the id of a pattern, escaping it', () => {
    const route = findRoute('/blogs/1');
    expect(route && pathFor(route, 'a b')).toBe('/blogs/a%20b');
  });
});

describe('pagePath', () => {
  it('writes a page without parameters as it is', () => {
    expect(pagePath('/profile')).toBe('/profile');
  });

  it('fills and encodes the id', () => {
    expect(pagePath('/admin/users/{id}', 'a b/c')).toBe('/admin/users/a%20b%2Fc');
  });

  it('adds the query without its undefined values, then the fragment', () => {
    expect(
      pagePath('/reading-plan/{id}', 'c1', { query: { plan: 'p 1', week: undefined }, hash: 'passage' }),
    ).toBe('/reading-plan/c1?plan=p+1#passage');
    expect(pagePath('/check-out', { query: { plan: 3 } })).toBe('/check-out?plan=3');
  });

  it('links every page of ROUTES back to itself; a missing id or an unknown page is a type error', () => {
    const links = ROUTES.map((route) => (pagePath as (p: string, id: string) => string)(route.path, 'x1'));
    expect(links.map((link) => findRoute(link)?.path)).toEqual(ROUTES.map((route) => route.path));
    // Checked by the type check in `npm test`: these two lines must not compile.
    // @ts-expect-error: the page has an id to fill
    if (links.length < 0) pagePath('/admin/users/{id}');
    // @ts-expect-error: no such page
    if (links.length < 0) pagePath('/no-such-page');
  });

  it('links the pages beyond the route table too, which the guard and the route tests leave alone', () => {
    const beyond = LINKED_PAGES.filter((page) => !ROUTES.some((route) => route.path === page.path));
    expect(beyond.map((page) => page.path)).toEqual(['/events/{id}']);
    expect(pagePath('/events/{id}', 'e 1')).toBe('/events/e%201');
    expect(findPage('/events/e1')?.path).toBe('/events/{id}');
    expect(findRoute('/events/e1')).toBeUndefined();
    for (const page of beyond) expect(existsSync(pageFile(page.path)), page.path).toBe(true);
  });
});
