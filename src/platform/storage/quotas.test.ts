import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_QUOTAS,
  judgeUpload,
  parseUploadQuotas,
  quotaMessage,
  retryAfterSeconds,
} from './quotas';

const MB = 1024 * 1024;
const now = new Date('2026-11-24T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const quota = { files: 3, bytes: 10 * MB };

describe('judgeUpload', () => {
  it('allows an upload while both the count and the bytes stay within the quota', () => {
    expect(judgeUpload(quota, [], 10 * MB, now)).toEqual({ allowed: true });
    const two = [
      { bytes: 2 * MB, at: hoursAgo(3) },
      { bytes: 2 * MB, at: hoursAgo(1) },
    ];
    expect(judgeUpload(quota, two, 6 * MB, now)).toEqual({ allowed: true });
  });

  it('refuses one file too many, until the oldest is 24 hours old', () => {
    const three = [
      { bytes: 1, at: hoursAgo(1) },
      { bytes: 1, at: hoursAgo(5) },
      { bytes: 1, at: hoursAgo(2) },
    ];
    expect(judgeUpload(quota, three, 1, now)).toEqual({ allowed: false, resetsAt: hoursAgo(5 - 24) });
  });

  it('refuses bytes over the quota, until enough of the oldest have left the window', () => {
    const past = [
      { bytes: 4 * MB, at: hoursAgo(10) },
      { bytes: 4 * MB, at: hoursAgo(6) },
    ];
    // 8 + 3 > 10: the upload of ten hours ago must go first.
    expect(judgeUpload(quota, past, 3 * MB, now)).toEqual({ allowed: false, resetsAt: hoursAgo(10 - 24) });
    // 8 + 7 > 10, and 4 + 7 still is: both must go.
    expect(judgeUpload(quota, past, 7 * MB, now)).toEqual({ allowed: false, resetsAt: hoursAgo(6 - 24) });
  });

  it('counts nothing 24 hours old or older', () => {
    const old = [
      { bytes: 9 * MB, at: hoursAgo(24) },
      { bytes: 9 * MB, at: hoursAgo(30) },
      { bytes: 9 * MB, at: hoursAgo(48) },
    ];
    expect(judgeUpload(quota, old, 9 * MB, now)).toEqual({ allowed: true });
  });

  it('refuses for good a file larger than the whole daily allowance', () => {
    expect(judgeUpload(quota, [], 10 * MB + 1, now)).toEqual({ allowed: false, resetsAt: null });
  });
});

describe('quotaMessage', () => {
  it('names the limit and when more can be uploaded, in words and as a time', () => {
    const message = quotaMessage('blog_image', DEFAULT_UPLOAD_QUOTAS.blog_image, hoursAgo(-5), now);
    expect(message).toBe(
      'You have reached the daily limit for blog pictures (30 pictures or 100 MB in any 24 hours). ' +
        'You can upload more in about 5 hours, from 24 Nov 2026, 17:00 UTC.',
    );
    expect(quotaMessage('recording', quota, new Date(now.getTime() + 60_000), now)).toContain(
      'read-aloud recordings (3 recordings or 10 MB in any 24 hours). You can upload more in about 1 minute,',
    );
    expect(quotaMessage('recording', quota, null, now)).toBe(
      'This file is larger than the daily limit for read-aloud recordings (3 recordings or 10 MB in any 24 hours). Send a smaller one.',
    );
  });

  it('gives Retry-After in whole seconds, and none when waiting would not help', () => {
    expect(retryAfterSeconds(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('parseUploadQuotas', () => {
  it('uses the defaults: 30 pictures or 100 MB, 50 recordings or 150 MB, a day', () => {
    expect(parseUploadQuotas({})).toEqual({
      blog_image: { files: 30, bytes: 100 * MB },
      recording: { files: 50, bytes: 150 * MB },
    });
    expect(parseUploadQuotas({ BLOG_IMAGE_QUOTA_PER_DAY: '' })).toEqual(DEFAULT_UPLOAD_QUOTAS);
  });

  it('reads each setting', () => {
    expect(
      parseUploadQuotas({
        BLOG_IMAGE_QUOTA_PER_DAY: '5',
        BLOG_IMAGE_QUOTA_MB_PER_DAY: '20',
        RECORDING_QUOTA_PER_DAY: ' 8 ',
        RECORDING_QUOTA_MB_PER_DAY: '40',
      }),
    ).toEqual({ blog_image: { files: 5, bytes: 20 * MB }, recording: { files: 8, bytes: 40 * MB } });
  });

  it('refuses a bad value, naming it', () => {
    expect(() => parseUploadQuotas({ RECORDING_QUOTA_PER_DAY: 'many' })).toThrow(/RECORDING_QUOTA_PER_DAY/);
    expect(() => parseUploadQuotas({ BLOG_IMAGE_QUOTA_MB_PER_DAY: '0' })).toThrow(
      /BLOG_IMAGE_QUOTA_MB_PER_DAY/,
    );
    expect(() => parseUploadQuotas({ BLOG_IMAGE_QUOTA_PER_DAY: '2.5' })).toThrow(/BLOG_IMAGE_QUOTA_PER_DAY/);
  });
});
