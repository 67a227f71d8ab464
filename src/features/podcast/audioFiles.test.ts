import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatBytes, isEpisodeUploadType, parseDuration, sniffAudioType } from './audioFiles';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sniffAudioType', () => {
  it('knows a real MP3 from the demo episodes', () => {
    const mp3 = readFileSync(
      new URL('../../features/demo/media/podcast/001-twenty-minutes.mp3', import.meta.url),
    );
    expect(sniffAudioType(new Uint8Array(mp3))).toBe('audio/mpeg');
  });

  it('knows MP3 frames without a tag, MP4 containers and Ogg streams', () => {
    expect(sniffAudioType(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    expect(sniffAudioType(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffAudioType(bytes('OggS', 0, 2))).toBe('audio/ogg');
  });

  it('refuses anything else: text, HTML, a picture, WAV, nothing', () => {
    expect(sniffAudioType(bytes('hello, this is not audio'))).toBeUndefined();
    expect(sniffAudioType(bytes('<html><script>'))).toBeUndefined();
    expect(sniffAudioType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBeUndefined();
    expect(sniffAudioType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(sniffAudioType(new Uint8Array())).toBeUndefined();
  });
});

describe('parseDuration', () => {
  it('reads hours, minutes and seconds, or minutes alone', () => {
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration(' 47:05 ')).toBe(2825);
    expect(parseDuration('20')).toBe(1200);
    expect(parseDuration('0:47')).toBe(47);
  });

  it('refuses what is not a length', () => {
    for (const text of ['', '0', '0:00', '1:60', 'abc', '1:2:3:4', '-5', '1.5']) {
      expect(parseDuration(text), text).toBeUndefined();
    }
  });
});

describe('the accepted types and sizes', () => {
  it('accepts the labels browsers give MP3, M4A and Ogg files only', () => {
    for (const type of ['audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/ogg']) {
      expect(isEpisodeUploadType(type), type).toBe(true);
    }
    for (const type of ['audio/wav', 'video/mp4', 'text/plain', 'toString']) {
      expect(isEpisodeUploadType(type), type).toBe(false);
    }
  });

  it('writes sizes for people', () => {
    expect(formatBytes(187_434)).toBe('183 KB');
    expect(formatBytes(52_428_800)).toBe('50.0 MB');
  });
});
