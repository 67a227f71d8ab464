import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildPodcastFeed, escapeXml, type FeedChannel, type FeedItem, rfc2822 } from './feed';

const channel: FeedChannel = {
  title: 'The Quill Reads podcast',
  description: 'Read-alouds & talks <for> "parents"',
  link: 'https://quillreads.com/podcast',
  feedUrl: 'https://quillreads.com/podcast/feed.xml',
  imageUrl: 'https://quillreads.com/podcast/cover.png',
  language: 'en',
  copyright: '© 2025 Quill Reads',
  author: 'Quill Reads',
  owner: { name: 'Quill Reads', email: 'hello@quillreads.com' },
  category: { text: 'Kids & Family', subcategory: 'Education for Kids' },
  explicit: false,
  podcastGuid: '0c815cc9-d913-50ee-9510-1e2c09af3647',
};

const item = (n: number, extra: Partial<FeedItem> = {}): FeedItem => ({
  guid: `quillreads-podcast-00${n}`,
  title: `Episode ${n}: Tom & Jerry's <best> "bits"`,
  description: 'A description',
  showNotes: 'First paragraph & more.\n\nSecond <b>paragraph</b>.',
  link: `https://quillreads.com/podcast#episode-${n}`,
  enclosure: {
    url: `https://quillreads.com/media/podcast/00${n}.mp3?a=1&b=2`,
    bytes: 187_434,
    type: 'audio/mpeg',
  },
  durationSeconds: 46.7,
  episodeNumber: n,
  explicit: false,
  publishedAt: new Date(Date.UTC(2025, 9, 14, 6)),
  transcript: {
    url: `https://quillreads.com/podcast/00${n}/transcript.txt`,
    type: 'text/plain',
    language: 'en',
  },
  ...extra,
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
});

describe('escapeXml', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('drops characters XML cannot carry and keeps every other one', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('tab\tnew\nline\r é ✓ 😀')).toBe('tab\tnew\nline\r é ✓ 😀');
    expect(escapeXml(42)).toBe('42');
  });
});

describe('rfc2822', () => {
  it('formats a date as RSS wants it', () => {
    expect(rfc2822(new Date(Date.UTC(2025, 9, 14, 6)))).toBe('Tue, 14 Oct 2025 06:00:00 GMT');
  });
});

describe('buildPodcastFeed', () => {
  const { transcript: _, ...withoutTranscript } = item(1, { episodeNumber: null });
  const xml = buildPodcastFeed(channel, [item(2), withoutTranscript]);
  const rss = parser.parse(xml).rss;
  const ch = rss.channel;

  it('is well-formed XML with the four namespaces', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    expect(rss['@xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(rss['@xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
  });

  it('carries every channel tag Apple and Podcasting 2.0 apps need', () => {
    expect(ch.title).toBe(channel.title);
    expect(ch.description).toBe(channel.description);
    expect(ch.link).toBe(channel.link);
    expect(ch.language).toBe('en');
    expect(ch.copyright).toBe('© 2025 Quill Reads');
    expect(ch['atom:link']).toMatchObject({ '@href': channel.feedUrl, '@rel': 'self' });
    expect(ch['itunes:image']['@href']).toBe(channel.imageUrl);
    expect(ch['itunes:category']['@text']).toBe('Kids & Family');
    expect(ch['itunes:category']['itunes:category']['@text']).toBe('Education for Kids');
    expect(ch['itunes:explicit']).toBe('false');
    expect(ch['itunes:author']).toBe('Quill Reads');
    expect(ch['itunes:owner']).toEqual({
      'itunes:name': 'Quill Reads',
      'itunes:email': 'hello@quillreads.com',
    });
    expect(ch['itunes:type']).toBe('episodic');
    expect(ch['podcast:locked']['#text']).toBe('no');
    expect(ch['podcast:guid']).toBe(channel.podcastGuid);
    expect(ch.lastBuildDate).toBe('Tue, 14 Oct 2025 06:00:00 GMT');
  });

  it('carries every item tag, escaped and in order', () => {
    expect(ch.item).toHaveLength(2);
    const [first, second] = ch.item;
    expect(first.title).toBe(`Episode 2: Tom & Jerry's <best> "bits"`);
    expect(first.guid).toEqual({ '#text': 'quillreads-podcast-002', '@isPermaLink': 'false' });
    expect(first.enclosure).toEqual({
      '@url': 'https://quillreads.com/media/podcast/002.mp3?a=1&b=2',
      '@length': '187434',
      '@type': 'audio/mpeg',
    });
    expect(first.pubDate).toBe('Tue, 14 Oct 2025 06:00:00 GMT');
    expect(first.description).toBe('A description');
    expect(first['content:encoded']).toBe(
      '<p>First paragraph &amp; more.</p><p>Second &lt;b&gt;paragraph&lt;/b&gt;.</p>',
    );
    expect(first['itunes:duration']).toBe('47');
    expect(first['itunes:episode']).toBe('2');
    expect(first['itunes:explicit']).toBe('false');
    expect(first['podcast:transcript']).toEqual({
      '@url': 'https://quillreads.com/podcast/002/transcript.txt',
      '@type': 'text/plain',
      '@language': 'en',
    });
    expect(second['itunes:episode']).toBeUndefined();
    expect(second['podcast:transcript']).toBeUndefined();
  });

  it('is a valid feed with no episodes yet', () => {
    const empty = buildPodcastFeed(channel, []);
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(parser.parse(empty).rss.channel.item).toBeUndefined();
  });
});
