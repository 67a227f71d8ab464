import { describe, expect, it } from 'vitest';
import { listedStaticPaths, sitemapXml } from './sitemap';

describe('sitemap', () => {
  it('lists the public pages without ids, sign-in or purchase steps', () => {
    const paths = listedStaticPaths();
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/blogs', '/events', '/podcast', '/programs', '/archives']),
    );
    for (const hidden of [
      '/login',
      '/signup',
      '/check-out',
      '/confirmation',
      '/profile',
      '/admin/allBooks',
      '/blogs/{id}',
    ])
      expect(paths).not.toContain(hidden);
  });

  it('writes absolute, escaped addresses with their dates', () => {
    const xml = sitemapXml('https://quillreads.com', [
      { path: '/' },
      { path: '/archives?month=2026-11&x=1', lastModified: new Date('2026-11-03T09:00:00Z') },
    ]);
    expect(xml).toContain('<loc>https://quillreads.com/</loc>');
    expect(xml).toContain(
      '<url><loc>https://quillreads.com/archives?month=2026-11&amp;x=1</loc><lastmod>2026-11-03T09:00:00.000Z</lastmod></url>',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
