import fc from 'fast-check';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize.server';
import { contentTypeFor, isPublicKey, parseStorageKey } from './storage/keys';

/**
 * Property tests of the blog sanitizer (fast-check). Whatever HTML comes in (any text at all, or
 * markup built from the pieces XSS is made of: scripts, event handlers in any case and spacing,
 * javascript:, vbscript: and data: addresses hidden behind entities, case and white space, SVG and
 * MathML, frames, objects, forms, styles with url(), foreign pictures and srcset), what comes out,
 * read back the way a browser reads it:
 *  - has no element beyond the allow-list, so no <script>, <iframe>, <object>, <embed>, <form>,
 *    <svg>, <math>, <style>, and no attribute beyond it, so no on…= handler, style or srcset;
 *  - has no address with a scheme other than http, https and mailto (none that runs);
 *  - shows pictures from the site's own media only: /media/{key}, a public picture's storage key.
 * And a post as the rich-text editor writes it keeps its words and pictures, and comes out the same
 * when sanitized again (posts are sanitized when saved and again when shown).
 */

const window = new Window();
afterAll(() => window.happyDOM.close());

/** The sanitizer's allow-list (sanitize.server.ts), as the checks below hold it. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  a: ['href', 'title', 'rel'],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  figure: [],
  figcaption: [],
};

/**
 * An address as a browser reads it, and stricter: browsers skip leading control characters and
 * spaces and every tab and new line; this drops every control character and space.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters browsers skip in a URL.
const urlAsRead = (value: string) => value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();

/** The site's own media: /media/ and the storage key of a picture anyone may see (storage/keys.ts). */
function isOwnMedia(src: string): boolean {
  if (!src.startsWith('/media/')) return false;
  const key = parseStorageKey(src.slice('/media/'.length));
  return key !== null && isPublicKey(key) && (contentTypeFor(key)?.startsWith('image/') ?? false);
}

/** What is wrong with sanitized HTML, read back as a browser reads it; empty when nothing is. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  // Text is escaped, so every `<` left in the output starts a tag.
  for (const [, name] of html.matchAll(/<\/?([^\s/>]+)/g)) {
    if (!Object.hasOwn(ALLOWED, (name as string).toLowerCase())) problems.push(`tag <${name}> in the text`);
  }
  if (/<script/i.test(html)) problems.push('<script in the text');
  const root = window.document.createElement('div');
  root.innerHTML = html;
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName.toLowerCase();
    const allowed = ALLOWED[tag];
    if (!allowed) {
      problems.push(`element <${tag}>`);
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const { name } = attribute;
      const value = attribute.value ?? '';
      if (/^on/i.test(name)) problems.push(`event handler ${name}= on <${tag}>`);
      else if (!allowed.includes(name.toLowerCase())) problems.push(`attribute ${name} on <${tag}>`);
      const scheme = /^([a-z][a-z0-9+.-]*):/.exec(urlAsRead(value))?.[1];
      if ((name === 'href' || name === 'src') && scheme && !['http', 'https', 'mailto'].includes(scheme))
        problems.push(`${scheme}: address in ${name} on <${tag}>`);
      if (/^(javascript|vbscript|data|livescript):/.test(urlAsRead(value)))
        problems.push(`${name}="${value}" on <${tag}> runs or embeds`);
    }
    if (tag === 'img') {
      const src = element.getAttribute('src');
      if (src === null || !isOwnMedia(src))
        problems.push(`picture from ${src ?? 'nowhere'}, not the site's media`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Markup built from what XSS is made of.

/** A letter in another case now and then: JaVaScRiPt, ONERROR. */
const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

/** A character written as an entity, the ways browsers decode them. */
const entity = (c: string) =>
  fc.constantFrom(
    `&#${c.charCodeAt(0)};`,
    `&#x${c.charCodeAt(0).toString(16)};`,
    `&#X${c.charCodeAt(0).toString(16).toUpperCase()}`,
    `&#000${c.charCodeAt(0)}`,
    c === ':' ? '&colon;' : c,
    c,
  );

/** Characters browsers skip inside or before a scheme. */
const skipped = fc.constantFrom(
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u0001',
  '&Tab;',
  '&NewLine;',
  '&#x09;',
  '&#10;',
);

/** A text with characters hidden behind entities and skipped characters slipped in. */
function disguised(text: string): fc.Arbitrary<string> {
  return anyCase(text).chain((cased) =>
    fc
      .tuple(
        ...[...cased].map((c) =>
          fc.tuple(
            fc.oneof({ weight: 3, arbitrary: fc.constant(c) }, entity(c)),
            fc.oneof({ weight: 6, arbitrary: fc.constant('') }, skipped),
          ),
        ),
      )
      .map((parts) => parts.map(([c, after]) => c + after).join('')),
  );
}

const dangerousUrl = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', ' ', '\u0001', '&#32;'),
      fc.constantFrom('javascript', 'vbscript', 'livescript').chain(disguised),
      disguised(':'),
      fc.constantFrom('alert(1)', 'alert(document.cookie)', '//%0aalert(1)', 'void(0)'),
    )
    .map((parts) => parts.join('')),
  fc
    .tuple(
      fc.constant('data').chain(disguised),
      disguised(':'),
      fc.constantFrom(
        'text/html,<script>alert(1)</script>',
        'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        'image/svg+xml,<svg onload=alert(1)>',
        'image/png;base64,iVBORw0KGgo=',
      ),
    )
    .map((parts) => parts.join('')),
);

/** Pictures from elsewhere, or dressed up as the site's own. */
const foreignImage = fc.constantFrom(
  'https://evil.test/x.png',
  'HTTPS://evil.test/x.png',
  'http://evil.test/x.png',
  '//evil.test/x.png',
  '\\\\evil.test/x.png',
  '/\\evil.test/x.png',
  'https:evil.test/x.png',
  'https://evil.test/media/blog/x.png',
  '/media/../admin/x.png',
  '/media/%2e%2e/x.png',
  '/media//evil.test/x.png',
  '/media/recordings/x/y.webm',
  '/media/.hidden.png',
  '/media/blog/x.png?x=1',
  '/admin/x.png',
  'x.png',
);

/** Pictures the site keeps itself: what uploads answer (/media/blog/{uuid}.webp) and catalogue covers. */
const ownImage = fc.oneof(
  fc.uuid().map((id) => `/media/blog/${id}.webp`),
  fc.constantFrom('/media/books/the-gruffalo.jpg', '/media/blog/a.png'),
);

const url = fc.oneof(
  { weight: 3, arbitrary: dangerousUrl },
  { weight: 2, arbitrary: foreignImage },
  ownImage,
  fc.constantFrom('https://example.com/a?b=c', 'mailto:team@example.com', '#x', '/about'),
);

const attributeName = fc.oneof(
  fc
    .constantFrom('onerror', 'onload', 'onclick', 'onmouseover', 'onfocus', 'onanimationstart')
    .chain(anyCase),
  fc.constantFrom(
    'href',
    'src',
    'srcset',
    'style',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'background',
    'poster',
    'srcdoc',
    'title',
    'alt',
    'class',
    'id',
    'rel',
    'target',
    'width',
  ),
);

/** A value written for its attribute: an address, a script, a style with url(), a srcset. */
function valueFor(name: string): fc.Arbitrary<string> {
  if (/^on/i.test(name)) return fc.constantFrom('alert(1)', 'javascript:alert(1)', '&#97;lert(1)', '');
  if (name === 'style')
    return fc
      .tuple(
        fc.constantFrom('background:url(@)', 'background-image: url("@")', 'x:expression(alert(1))'),
        url,
      )
      .map(([style, address]) => style.replace('@', address));
  if (name === 'srcset') return fc.tuple(url, url).map(([a, b]) => `${a} 1x, ${b} 2x`);
  if (name === 'srcdoc') return fc.constant('<script>alert(1)</script>');
  if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster'].includes(name))
    return url;
  return fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('" onclick="alert(1)', "' onerror='x", '`'));
}

/** One attribute, spaced and quoted in the ways parsers accept: name=value, name = 'value', /name="value". */
const attribute = attributeName.chain((name) =>
  fc
    .tuple(
      fc.constantFrom(' ', '  ', '\t', '\n', '/', ' /'),
      fc.constantFrom('=', ' = ', '=\n'),
      fc.constantFrom('"', "'", ''),
      valueFor(name),
    )
    .map(([space, equals, quote, value]) => {
      const written = quote ? value.replaceAll(quote, '') : value.replace(/[\s>]/g, '');
      return `${space}${name}${equals}${quote}${written}${quote}`;
    }),
);

const tagName = fc.oneof(
  fc.constantFrom(
    'script',
    'iframe',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'svg',
    'math',
    'style',
    'link',
    'meta',
    'base',
    'body',
    'video',
    'audio',
    'source',
    'textarea',
    'noscript',
    'template',
    'title',
    'xmp',
    'image',
    'use',
    'animate',
    'set',
    'foreignObject',
    'mtext',
    'details',
    'marquee',
  ),
  fc.constantFrom('a', 'img', 'p', 'ol', 'h1', 'blockquote', 'figure', 'code', 'pre'),
);

/** Pieces that break parsers' and sanitizers' assumptions. */
const trick = fc.constantFrom(
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script/x>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '</script><script>alert(1)</script>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="data:x,<script>alert(1)</script>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml-stylesheet href="javascript:alert(1)"?>',
  '<img src="/media/blog/a.png" srcset="https://evil.test/x.png 2x">',
  '<img src=`javascript:alert(1)`>',
  '<img """><script>alert(1)</script>">',
  '<a href="javas\u0000cript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="background-image:url(https://evil.test/x.png)">x</div>',
  '<style>@import url(https://evil.test/x.css); p{background:url(javascript:alert(1))}</style>',
  '<base href="https://evil.test/"><img src="/media/blog/a.png">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<img src="https://evil.test/x.png" alt="tracker">',
  '<a href="https://example.com" onclick="alert(1)" ONCLICK="x" oNcLiCk=x>x</a>',
  '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>',
);

const words = fc.constantFrom('Maya read', 'a <b>bold</b> word', '“quotes”', '&amp;', '<', '>', ' ', '\n');

/** An element with attributes around `inner`, closed or left open. */
const elementAround = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(
      tagName,
      fc.array(attribute, { maxLength: 3 }),
      fc.constantFrom('>', ' >', '/>'),
      inner,
      fc.boolean(),
    )
    .map(
      ([tag, attributes, end, content, closed]) =>
        `<${tag}${attributes.join('')}${end}${content}${closed ? `</${tag}>` : ''}`,
    );

/** Markup `depth` elements deep at most: tags with attributes among words and tricks. */
function markupOf(depth: number): fc.Arbitrary<string> {
  const inner = depth === 0 ? fc.constantFrom('', 'x') : markupOf(depth - 1);
  return fc
    .array(fc.oneof({ weight: 3, arbitrary: elementAround(inner) }, { weight: 2, arbitrary: trick }, words), {
      maxLength: 4,
    })
    .map((parts) => parts.join(''));
}
const markup = markupOf(3);

/** Text as the editor escapes it. */
const editorText = fc
  .array(fc.constantFrom('Maya', 'read', 'the', 'Gruffalo', '&amp;', '&lt;3', '“yes”', 'é', ' ', ', '), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(' '));

/** Well-formed markup from the allow-list, as the rich-text editor (TipTap) writes a post. */
function editorBlocks(depth: number): fc.Arbitrary<string> {
  const inline = fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: editorText },
        fc
          .tuple(fc.constantFrom('strong', 'b', 'em', 'i', 'u', 's', 'code'), editorText)
          .map(([tag, text]) => `<${tag}>${text}</${tag}>`),
        fc
          .tuple(fc.constantFrom('https://example.com/a', 'mailto:team@example.com', '/programs'), editorText)
          .map(([href, text]) => `<a href="${href}">${text}</a>`),
        fc.constant('<br>'),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join(''));
  const picture = fc.tuple(ownImage, editorText).map(([src, alt]) => `<img src="${src}" alt="${alt}">`);
  const leaf = fc.oneof(
    { weight: 4, arbitrary: inline.map((text) => `<p>${text}</p>`) },
    fc.tuple(fc.constantFrom('h2', 'h3', 'h4'), inline).map(([tag, text]) => `<${tag}>${text}</${tag}>`),
    editorText.map((text) => `<pre><code>${text}</code></pre>`),
    fc.constant('<hr>'),
    picture,
    fc
      .tuple(picture, inline)
      .map(([img, caption]) => `<figure>${img}<figcaption>${caption}</figcaption></figure>`),
  );
  if (depth === 0) return leaf;
  const nested = editorBlocks(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    fc
      .tuple(fc.constantFrom('ul', 'ol'), fc.array(nested, { minLength: 1, maxLength: 3 }))
      .map(([tag, items]) => `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`),
    nested.map((inner) => `<blockquote>${inner}</blockquote>`),
  );
}
const editorPost = fc.array(editorBlocks(2), { minLength: 1, maxLength: 5 }).map((blocks) => blocks.join(''));

// Enough runs to find the tricks above in their combinations, in a few seconds.
const RUNS = 1500;
/** Posts as the editor writes them are larger, and read back twice a run. */
const EDITOR_RUNS = 200;

describe('sanitizePostHtml, for any input', () => {
  it('never throws, and leaves nothing that runs, on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ maxLength: 80, unit: 'grapheme' }),
          fc.string({
            unit: fc.constantFrom('<', '>', '/', '"', "'", '=', ' ', 'a', 'on', 'script', '&', '#', ';', ':'),
          }),
        ),
        (html) => {
          expect(problemsOf(sanitizePostHtml(html))).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('leaves no script, event handler, element or attribute beyond the allow-list, nor a javascript:, vbscript: or data: address', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const problems = problemsOf(sanitizePostHtml(html)).filter((p) => !p.startsWith('picture from'));
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("shows pictures from the site's own media only", () => {
    fc.assert(
      fc.property(markup, (html) => {
        const problems = problemsOf(sanitizePostHtml(html)).filter((p) => p.startsWith('picture from'));
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps the site's own pictures, and every word of what the editor writes", () => {
    fc.assert(
      fc.property(editorPost, (html) => {
        const before = window.document.createElement('div');
        before.innerHTML = html;
        const after = window.document.createElement('div');
        after.innerHTML = sanitizePostHtml(html);
        const pictures = (root: typeof before) =>
          Array.from(root.querySelectorAll('img'), (img) => img.getAttribute('src'));
        expect(pictures(after)).toEqual(pictures(before));
        expect(after.textContent.trim()).toBe(before.textContent.trim());
      }),
      { numRuns: EDITOR_RUNS },
    );
  });

  it('shows a post from the editor exactly as it was saved (sanitizing again changes nothing)', () => {
    fc.assert(
      fc.property(editorPost, (html) => {
        const saved = sanitizePostHtml(html);
        expect(sanitizePostHtml(saved)).toBe(saved);
      }),
      { numRuns: EDITOR_RUNS },
    );
  });
});
