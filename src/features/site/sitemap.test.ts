import { describe, expect, it } from 'vitest';
import { contentModified, listedStaticPaths, sitemapEntries, sitemapXml } from './sitemap';

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
      '/contact/send',
      '/contact/sent',
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

  it('dates each page by its content, never by when the sitemap was made', () => {
    const d = (iso: string) => new Date(iso);
    const entries = sitemapEntries(['/', '/blogs', '/archives', '/events', '/podcast', '/company'], {
      posts: [
        { id: 'a', publishedAt: d('2026-10-01T09:00:00Z'), updatedAt: d('2026-10-01T09:00:00Z') },
        // Written and last changed before its approval: dated when it was published.
        { id: 'b', publishedAt: d('2026-11-02T09:00:00Z'), updatedAt: d('2026-11-01T20:00:00Z') },
      ],
      events: [{ id: 'e', updatedAt: d('2026-11-10T12:00:00Z') }],
      episodes: [{ publishedAt: d('2026-09-01T06:00:00Z'), updatedAt: d('2026-08-30T06:00:00Z') }],
    });
    const lastmod = Object.fromEntries(entries.map((e) => [e.path, e.lastModified?.toISOString()]));
    expect(lastmod).toEqual({
      '/': undefined,
      '/company': undefined,
      '/blogs': '2026-11-02T09:00:00.000Z',
      '/archives': '2026-11-02T09:00:00.000Z',
      '/events': '2026-11-10T12:00:00.000Z',
      '/podcast': '2026-09-01T06:00:00.000Z',
      '/blogs/a': '2026-10-01T09:00:00.000Z',
      '/blogs/b': '2026-11-02T09:00:00.000Z',
      '/events/e': '2026-11-10T12:00:00.000Z',
    });
    // An empty site: the list pages carry no date rather than a made-up one.
    const empty = sitemapEntries(['/blogs', '/events', '/podcast'], { posts: [], events: [], episodes: [] });
    expect(empty.every((e) => e.lastModified === undefined)).toBe(true);
    expect(sitemapXml('https://quillreads.com', empty)).not.toContain('<lastmod>');
  });

  it('takes the later of a content’s dates', () => {
    expect(contentModified(new Date('2026-01-02'), null, new Date('2026-01-01'))?.toISOString()).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(contentModified(null, undefined)).toBeUndefined();
  });
});
