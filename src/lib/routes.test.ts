import { describe, expect, it } from 'vitest';
import { accessFor, findRoute, pathFor, ROUTES } from './routes';

describe('route table', () => {
  it('lists every route of the specification once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => ROUTES.find((r) => r.path === p)?.access === 'public')).toHaveLength(22);
    expect(ROUTES.filter((r) => r.access !== 'public')).toHaveLength(26);
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
