import { describe, expect, it } from 'vitest';
import type { AdminEpisode } from '~/features/podcast/admin.schema';
import { type EpisodeForm, fileError, formOf, localDateTime, payloadOf } from './episodeForm';

const base: EpisodeForm = {
  ...formOf(null),
  title: 'Stories that travel',
  description: 'Three stories for the car.',
};
const mp3 = (size = 1000, type = 'audio/mpeg') => new File([new Uint8Array(size)], 'a.mp3', { type });

const saved: AdminEpisode = {
  id: '7d6f0c52-2a52-4b7c-9d8e-3c1f1f6f9a10',
  guid: 'quillreads-podcast-001',
  title: 'Why twenty minutes a day matters',
  episodeNumber: 1,
  state: 'published',
  publishedAt: '2025-01-06T06:00:30.123Z',
  updatedAt: '2025-01-06T06:00:30.123Z',
  description: 'Short daily reading.',
  showNotes: '',
  transcript: '',
  explicit: false,
  audio: {
    source: 'upload',
    href: '/media/podcast/x.mp3',
    bytes: 1000,
    type: 'audio/mpeg',
    durationSeconds: 47,
  },
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('the episode form', () => {
  it('turns a draft into the API payload', () => {
    const result = payloadOf({ ...base, episodeNumber: ' 12 ' }, null);
    expect(result.errors).toBeNull();
    expect(result.payload).toMatchObject({
      title: 'Stories that travel',
      episodeNumber: 12,
      publishedAt: null,
    });
  });

  it('names each bad field, with the API’s own words', () => {
    const result = payloadOf(
      { ...base, title: '', episodeNumber: '2b', publish: 'date', publishDate: '' },
      null,
    );
    expect(result.errors).toMatchObject({
      title: 'Enter a title.',
      episodeNumber: 'Give a whole episode number, or leave it empty.',
      publishedAt: 'Choose the date and time it goes out.',
    });
  });

  it('refuses to publish with no audio, but not with a file chosen or an uploaded one', () => {
    expect(payloadOf({ ...base, publish: 'now' }, null).errors?.publishedAt).toMatch(/Add the audio/);
    expect(payloadOf({ ...base, publish: 'now', file: mp3() }, null).errors).toBeNull();
    expect(payloadOf({ ...formOf(saved), publish: 'now' }, saved).errors).toBeNull();
  });

  it('checks external audio: address, size and a length written as a clock', () => {
    const url = { ...base, audioSource: 'url' as const, audioUrl: 'https://cdn.example.com/1.mp3' };
    expect(payloadOf({ ...url, audioBytes: '1,200,000', duration: '24:30' }, null).payload).toMatchObject({
      audioBytes: 1_200_000,
      durationSeconds: 1470,
      audioType: 'audio/mpeg',
    });
    expect(payloadOf({ ...url, audioBytes: '', duration: 'half an hour' }, null).errors).toMatchObject({
      audioBytes: 'Give the file size of the external audio.',
      durationSeconds: expect.stringMatching(/minutes:seconds/),
    });
  });

  it('checks a chosen file before sending it', () => {
    expect(fileError(mp3())).toBeUndefined();
    expect(fileError(mp3(10, 'audio/wav'))).toBe('Choose an MP3, M4A or Ogg audio file.');
    // Only the size is read: no need to hold 101 MB for it.
    const huge = Object.defineProperty(mp3(), 'size', { value: 101 * 1024 * 1024 });
    expect(fileError(huge)).toMatch(/the largest is 100.0 MB/);
  });

  it('keeps the exact saved moment when the date field is untouched', () => {
    const form = formOf(saved);
    expect(form.publishDate).toBe(localDateTime(new Date(saved.publishedAt ?? '')));
    expect(payloadOf(form, saved).payload?.publishedAt).toBe(saved.publishedAt);
  });
});
