import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clampTime,
  formatClock,
  formatListenTime,
  formatPosition,
  formatSpokenTime,
  PODCAST,
  transcriptParagraphs,
  transcriptPath,
} from './podcast';

describe('podcast wording', () => {
  it.each([
    [47, '47 sec'],
    [1236, '21 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [Number.NaN, '0 sec'],
  ])('gives a listening time for the list: %d seconds is %j', (seconds, shown) => {
    expect(formatListenTime(seconds)).toBe(shown);
  });

  it('reads a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(47.9)).toBe('0:47');
    expect(formatClock(1236)).toBe('20:36');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-3)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('says a position the way a screen reader should', () => {
    expect(formatPosition(125, 1200)).toBe('2 minutes 5 seconds of 20 minutes');
    expect(formatPosition(0, 47)).toBe('0 seconds of 47 seconds');
    expect(formatSpokenTime(61)).toBe('1 minute 1 second');
    expect(formatSpokenTime(3720)).toBe('1 hour 2 minutes');
  });

  it('keeps a jump inside the episode', () => {
    expect(clampTime(-10, 100)).toBe(0);
    expect(clampTime(130, 100)).toBe(100);
    expect(clampTime(50, Number.NaN)).toBe(50);
    expect(clampTime(Number.NaN, 100)).toBe(0);
  });

  it('splits a transcript into paragraphs', () => {
    expect(transcriptParagraphs('One\nline.\n\n  Two.  \r\n\r\nThree.')).toEqual([
      'One line.',
      'Two.',
      'Three.',
    ]);
    expect(transcriptParagraphs('   ')).toEqual([]);
  });

  it('builds the transcript path with every segment encoded', () => {
    expect(transcriptPath('quillreads-podcast-001')).toBe('/podcast/quillreads-podcast-001/transcript.txt');
    expect(transcriptPath('a b/c')).toBe('/podcast/a%20b%2Fc/transcript.txt');
  });
});

/** UUIDv5 (RFC 9562) as the Podcasting 2.0 spec asks for podcast:guid. */
function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.concat([Buffer.from(namespace.replace(/-/g, ''), 'hex'), Buffer.from(name)]))
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

describe('podcast:guid', () => {
  const PODCAST_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';
  it('is the UUIDv5 of the production feed address without its scheme', () => {
    // The spec's own example first, so the helper is known to be right.
    expect(uuidV5('podnews.net/rss', PODCAST_NAMESPACE)).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
    expect(PODCAST.guid).toBe(uuidV5(`quillreads.com${PODCAST.feedPath}`, PODCAST_NAMESPACE));
  });
});
