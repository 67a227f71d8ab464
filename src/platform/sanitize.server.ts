import sanitizeHtml from 'sanitize-html';
import { contentTypeFor, isPublicKey, parseStorageKey } from './storage/keys';

/**
 * The one allow-list for HTML that people write (blog posts): structure and emphasis, links and
 * pictures, nothing that runs, styles or frames. Used when a post is saved and again when it is
 * shown, so a rule tightened later also protects posts stored earlier.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'figure',
    'figcaption',
  ],
  // rel, loading and decoding are set by the transforms below, whatever the writer put there.
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // A post's own headings start at h2: the page's title is its h1.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow ugc noopener' },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImage(frame.attribs.src),
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
};
/**
 * Pictures come from this site's own media store only: `/media/{key}` with a public picture's key.
 * A picture from anywhere else would tell that host who reads the post (and the pages' policy
 * would refuse to load it anyway: decision 28).
 */
function isAllowedImage(src: string | undefined): boolean {
  if (!src?.startsWith('/media/')) return false;
  const key = parseStorageKey(src.slice('/media/'.length));
  return key !== null && isPublicKey(key) && (contentTypeFor(key)?.startsWith('image/') ?? false);
}

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
