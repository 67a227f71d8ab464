/**
 * The podcast's RSS 2.0 feed, with the tags Apple Podcasts and Podcasting 2.0 apps read.
 * Pure: the endpoint gathers the data, this turns it into XML.
 */

const NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
} as const;

export interface FeedChannel {
  title: string;
  description: string;
  /** The podcast's page on the site (absolute). */
  link: string;
  /** This feed's own address (absolute), for atom:link rel="self". */
  feedUrl: string;
  /** Square cover art, JPEG or PNG, 1400 to 3000 px (absolute). */
  imageUrl: string;
  language: string;
  copyright: string;
  author: string;
  owner: { name: string; email: string };
  category: { text: string; subcategory?: string };
  explicit: boolean;
  /** podcast:guid, a UUIDv5 that stays the same if the feed ever moves. */
  podcastGuid: string;
}

export interface FeedItem {
  /** Never changes once published, so apps never list an episode twice. */
  guid: string;
  title: string;
  description: string;
  /** Show notes, as plain text; sent as content:encoded paragraphs. */
  showNotes?: string;
  link: string;
  enclosure: { url: string; bytes: number; type: string };
  durationSeconds: number;
  episodeNumber?: number | null;
  explicit: boolean;
  publishedAt: Date;
  transcript?: { url: string; type: string; language: string };
}

/** Characters XML 1.0 can carry; the others (most control characters, lone surrogates) are dropped. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    codePoint >= 0x10000
  );
}

/** Text made safe for an XML element or a double- or single-quoted attribute. */
export function escapeXml(value: string | number): string {
  return Array.from(String(value))
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An RFC 2822 date, as RSS wants it: "Tue, 14 Oct 2025 06:00:00 GMT". */
export function rfc2822(date: Date): string {
  return date.toUTCString();
}

type Attributes = Record<string, string | number | undefined>;

function element(name: string, text?: string | number, attributes: Attributes = {}): string {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v as string | number)}"`)
    .join('');
  return text === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

/** Plain-text show notes as HTML paragraphs (escaped once here, once more by element()). */
function notesHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/u)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeXml(p)}</p>`)
    .join('');
}

function itemXml(item: FeedItem): string {
  const lines = [
    element('title', item.title),
    element('link', item.link),
    element('guid', item.guid, { isPermaLink: 'false' }),
    element('pubDate', rfc2822(item.publishedAt)),
    element('description', item.description),
    item.showNotes ? element('content:encoded', notesHtml(item.showNotes)) : '',
    element('enclosure', undefined, {
      url: item.enclosure.url,
      length: item.enclosure.bytes,
      type: item.enclosure.type,
    }),
    element('itunes:title', item.title),
    element('itunes:duration', Math.round(item.durationSeconds)),
    item.episodeNumber ? element('itunes:episode', item.episodeNumber) : '',
    element('itunes:episodeType', 'full'),
    element('itunes:explicit', String(item.explicit)),
    item.transcript
      ? element('podcast:transcript', undefined, {
          url: item.transcript.url,
          type: item.transcript.type,
          language: item.transcript.language,
        })
      : '',
  ];
  return `    <item>\n${lines
    .filter(Boolean)
    .map((l) => `      ${l}`)
    .join('\n')}\n    </item>`;
}

/** The whole feed document, newest items first as given. */
export function buildPodcastFeed(channel: FeedChannel, items: readonly FeedItem[]): string {
  const ns = Object.entries(NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  const category = channel.category.subcategory
    ? `<itunes:category text="${escapeXml(channel.category.text)}">${element('itunes:category', undefined, {
        text: channel.category.subcategory,
      })}</itunes:category>`
    : element('itunes:category', undefined, { text: channel.category.text });
  const head = [
    element('atom:link', undefined, { href: channel.feedUrl, rel: 'self', type: 'application/rss+xml' }),
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    element('copyright', channel.copyright),
    element('generator', 'Quill Reads'),
    ...(items[0] ? [element('lastBuildDate', rfc2822(items[0].publishedAt))] : []),
    `<image>${element('url', channel.imageUrl)}${element('title', channel.title)}${element('link', channel.link)}</image>`,
    element('itunes:image', undefined, { href: channel.imageUrl }),
    category,
    element('itunes:explicit', String(channel.explicit)),
    element('itunes:author', channel.author),
    `<itunes:owner>${element('itunes:name', channel.owner.name)}${element('itunes:email', channel.owner.email)}</itunes:owner>`,
    element('itunes:summary', channel.description),
    element('itunes:type', 'episodic'),
    element('podcast:locked', 'no', { owner: channel.owner.email }),
    element('podcast:guid', channel.podcastGuid),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0"${ns}>`,
    '  <channel>',
    ...head.map((l) => `    ${l}`),
    ...items.map(itemXml),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
