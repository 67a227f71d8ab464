import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize.server';

describe('sanitizePostHtml', () => {
  it('keeps the structure a post needs', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>soft</em> words.</p><ul><li>one</li></ul><blockquote>Quote</blockquote>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and their content', () => {
    const out = sanitizePostHtml(
      '<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe><object>o</object>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('drops event handlers and inline styles', () => {
    expect(sanitizePostHtml('<p onclick="x()" style="color:red" class="c">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('refuses javascript: and data: links, marks others as user content', () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="nofollow ugc noopener">x</a>',
    );
    expect(sanitizePostHtml('<a href="data:text/html,hi">x</a>')).toBe(
      '<a rel="nofollow ugc noopener">x</a>',
    );
    expect(sanitizePostHtml('<a href="https://example.com" rel="opener" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" rel="nofollow ugc noopener">x</a>',
    );
  });

  it('keeps the site’s own media pictures, with alt text and lazy loading', () => {
    expect(sanitizePostHtml('<img src="/media/blog/a.png" alt="A nook">')).toBe(
      '<img src="/media/blog/a.png" alt="A nook" loading="lazy" decoding="async" />',
    );
    expect(sanitizePostHtml('<img src="/media/blog/a.png">')).toBe(
      '<img src="/media/blog/a.png" alt="" loading="lazy" decoding="async" />',
    );
  });

  it('drops pictures from anywhere else', () => {
    for (const src of [
      'https://img.test/a.png',
      'http://img.test/a.png',
      '/media/recordings/c/r.webm',
      '/media//evil.test/x.png',
      'data:image/png;base64,AAAA',
      '/admin/x.png',
      '/media/../x',
      'javascript:x',
    ]) {
      expect(sanitizePostHtml(`<p>a</p><img src="${src}" onerror="alert(1)">`)).toBe('<p>a</p>');
    }
  });

  it('turns a second page title into a section heading', () => {
    expect(sanitizePostHtml('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it('escapes text that only looks like markup', () => {
    expect(sanitizePostHtml('<p>1 &lt; 2 &amp; <b>3</b></p>')).toBe('<p>1 &lt; 2 &amp; <b>3</b></p>');
    expect(sanitizePostHtml('<p>"<svg onload=alert(1)>"</p>')).toBe('<p>""</p>');
  });
});
