import { describe, expect, it } from 'vitest';
import { contentTypeFor, isPublicKey, parseStorageKey } from './keys';

describe('parseStorageKey', () => {
  it('accepts relative paths of safe segments with an allowed extension', () => {
    for (const key of ['podcast/001-twenty-minutes.mp3', 'cover.png', 'a/b/c/d_e.Final.JPG', 'x.txt']) {
      expect(parseStorageKey(key)).toBe(key);
    }
  });

  it.each([
    ['an empty key', ''],
    ['a parent segment', 'podcast/../secrets.mp3'],
    ['a leading parent segment', '../etc/passwd.txt'],
    ['a current-directory segment', './podcast/a.mp3'],
    ['an absolute path', '/etc/a.mp3'],
    ['a Windows drive path', 'C:\\media\\a.mp3'],
    ['a backslash', 'podcast\\a.mp3'],
    ['a NUL byte', 'podcast/a\u0000.mp3'],
    ['an empty segment', 'podcast//a.mp3'],
    ['a trailing slash', 'podcast/'],
    ['a hidden file', 'podcast/.env.txt'],
    ['a space', 'podcast/my file.mp3'],
    ['a percent-encoded parent', 'podcast/%2e%2e/a.mp3'],
    ['a non-ASCII letter', 'podcast/épisode.mp3'],
    ['a file without an extension', 'podcast/readme'],
    ['an extension outside the allow-list', 'podcast/page.html'],
    ['a script', 'podcast/run.js'],
    ['an SVG (it can carry scripts)', 'cover.svg'],
    ['a very long key', `${'a/'.repeat(300)}a.mp3`],
    ['too many folders', 'a/b/c/d/e/f/g/h/i.mp3'],
  ])('refuses %s', (_, key) => {
    expect(parseStorageKey(key)).toBeNull();
  });
});

describe('contentTypeFor', () => {
  it('maps allowed extensions, whatever their case, to one content type', () => {
    expect(contentTypeFor('a/b.mp3')).toBe('audio/mpeg');
    expect(contentTypeFor('B.PNG')).toBe('image/png');
    expect(contentTypeFor('t.txt')).toBe('text/plain; charset=utf-8');
  });

  it('knows nothing of other extensions or of dots in folder names', () => {
    expect(contentTypeFor('a.exe')).toBeUndefined();
    expect(contentTypeFor('folder.mp3/file')).toBeUndefined();
    expect(contentTypeFor('.mp3')).toBeUndefined();
    expect(contentTypeFor('a.constructor')).toBeUndefined();
  });
});

describe('isPublicKey', () => {
  it('keeps children’s recordings and reports out of the public media route', () => {
    expect(isPublicKey('recordings/0b6f/6a1e.webm')).toBe(false);
    expect(isPublicKey('reports/0b6f/6a1e.pdf')).toBe(false);
    expect(isPublicKey('reports/0b6f/6a1e-certificate.pdf')).toBe(false);
    expect(isPublicKey('podcast/001.mp3')).toBe(true);
    expect(isPublicKey('blog/recordings/cover.png')).toBe(true);
    expect(isPublicKey('books/1.webp')).toBe(true);
    expect(isPublicKey('passages/1.mp3')).toBe(true);
  });

  it('keeps any other folder private until it is named as public', () => {
    for (const key of ['cover.png', 'exports/family.pdf', 'bookss/x.webp', 'Blog/x.webp']) {
      expect(isPublicKey(key)).toBe(false);
    }
  });
});
