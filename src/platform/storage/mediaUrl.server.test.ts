import { afterEach, describe, expect, it } from 'vitest';
import { mediaUrlOf, publicMediaUrl, siteMediaPath, withPublicMedia } from './mediaUrl.server';

const CDN = 'https://cdn.quillreads.test/media';

describe('public media addresses', () => {
  afterEach(() => {
    delete process.env.MEDIA_PUBLIC_URL;
  });

  it('are the site’s own /media route without a CDN, every segment encoded', () => {
    expect(publicMediaUrl('podcast/001 a.mp3')).toBe('/media/podcast/001%20a.mp3');
    expect(mediaUrlOf('books/x.webp')).toBe('/media/books/x.webp');
    expect(mediaUrlOf(null)).toBeNull();
  });

  it('come from MEDIA_PUBLIC_URL when it is set (a trailing slash is dropped)', () => {
    process.env.MEDIA_PUBLIC_URL = `${CDN}/`;
    expect(mediaUrlOf('books/x.webp')).toBe(`${CDN}/books/x.webp`);
    expect(publicMediaUrl('podcast/001 a.mp3')).toBe(`${CDN}/podcast/001%20a.mp3`);
    // Set again (a test, a new copy): read again.
    delete process.env.MEDIA_PUBLIC_URL;
    expect(mediaUrlOf('books/x.webp')).toBe('/media/books/x.webp');
  });

  it('never send a family’s file to the CDN', () => {
    expect(publicMediaUrl('recordings/c/take.webm', CDN)).toBe('/media/recordings/c/take.webm');
    expect(publicMediaUrl('reports/c/r.pdf', CDN)).toBe('/media/reports/c/r.pdf');
  });

  it('keep the site’s own form for what an editor sends back', () => {
    process.env.MEDIA_PUBLIC_URL = CDN;
    expect(siteMediaPath('blog/a b.webp')).toBe('/media/blog/a%20b.webp');
  });

  it('refuse a CDN address with a query, a fragment or another scheme', async () => {
    const { loadSettings } = await import('~/platform/env.server');
    for (const bad of [
      'https://cdn.test/media?x=1',
      'https://cdn.test/media#a',
      'ftp://cdn.test/media',
      'cdn.test',
    ])
      expect(() => loadSettings({ ...process.env, MEDIA_PUBLIC_URL: bad }), bad).toThrow(/MEDIA_PUBLIC_URL/);
  });
});

describe('a post’s pictures', () => {
  const html =
    '<p>Hi</p><img src="/media/blog/a.webp" alt="A" loading="lazy"><img alt="B" src="/media/blog/b.webp">';

  it('come from the CDN when there is one, and stay as they are without', () => {
    expect(withPublicMedia(html, CDN)).toBe(
      `<p>Hi</p><img src="${CDN}/blog/a.webp" alt="A" loading="lazy"><img alt="B" src="${CDN}/blog/b.webp">`,
    );
    expect(withPublicMedia(html, '/media')).toBe(html);
  });

  it('rewrite pictures only, never text or links that look like one', () => {
    const text = '<p>src="/media/blog/a.webp"</p><a href="/media/blog/a.webp">link</a>';
    expect(withPublicMedia(text, CDN)).toBe(text);
  });
});
