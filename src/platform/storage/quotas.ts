import * as z from 'zod';
import { DAY_MS } from '~/platform/days';
import type { UploadKind } from '~/platform/domain';
import { formatTime, SERVER_VIEWER } from '~/platform/time';

/** Quotas count what an account uploaded in the last 24 hours (a rolling window, not a calendar day). */
export const QUOTA_WINDOW_MS = DAY_MS;

const MB = 1024 * 1024;

/** What one account may upload of one kind in any 24 hours. Administrators have no quota. */
export interface UploadQuota {
  files: number;
  /** Bytes received (before any re-encoding). */
  bytes: number;
}

export type UploadQuotas = Record<UploadKind, UploadQuota>;

/**
 * The defaults, for a family. Blog pictures: a post with many pictures has ten or so, and a phone
 * photo is 2 to 4 MB, so 30 pictures or 100 MB is several posts' worth. Recordings: a passage read
 * aloud takes one to three minutes, 0.3 to 3 MB as browsers record it; 50 recordings or 150 MB lets
 * three children each try a dozen passages a day.
 */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  blog_image: { files: 30, bytes: 100 * MB },
  recording: { files: 50, bytes: 150 * MB },
};

/** A whole number setting that may be left out (an empty value counts as left out). */
const optionalCount = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(max).optional(),
  );

/** The optional settings that change the defaults. */
const quotaSettingsSchema = z.object({
  BLOG_IMAGE_QUOTA_PER_DAY: optionalCount(10_000),
  BLOG_IMAGE_QUOTA_MB_PER_DAY: optionalCount(100_000),
  RECORDING_QUOTA_PER_DAY: optionalCount(10_000),
  RECORDING_QUOTA_MB_PER_DAY: optionalCount(100_000),
});

/** The quotas from the environment's settings, or the defaults; a bad value throws, naming it. */
export function parseUploadQuotas(env: Record<string, string | undefined>): UploadQuotas {
  const result = quotaSettingsSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${problems}`);
  }
  const s = result.data;
  const { blog_image, recording } = DEFAULT_UPLOAD_QUOTAS;
  return {
    blog_image: {
      files: s.BLOG_IMAGE_QUOTA_PER_DAY ?? blog_image.files,
      bytes:
        s.BLOG_IMAGE_QUOTA_MB_PER_DAY !== undefined ? s.BLOG_IMAGE_QUOTA_MB_PER_DAY * MB : blog_image.bytes,
    },
    recording: {
      files: s.RECORDING_QUOTA_PER_DAY ?? recording.files,
      bytes: s.RECORDING_QUOTA_MB_PER_DAY !== undefined ? s.RECORDING_QUOTA_MB_PER_DAY * MB : recording.bytes,
    },
  };
}

/** One earlier upload inside the window. */
export interface PastUpload {
  bytes: number;
  at: Date;
}

export type QuotaVerdict =
  | { allowed: true }
  /** `resetsAt`: when enough earlier uploads leave the window; null when this file alone is over. */
  | { allowed: false; resetsAt: Date | null };

/**
 * Whether one more upload of `bytes` fits the quota, given the account's uploads of the last 24
 * hours. Refused, it says when it would fit: once the oldest uploads are 24 hours old.
 */
export function judgeUpload(
  quota: UploadQuota,
  past: readonly PastUpload[],
  bytes: number,
  now: Date,
): QuotaVerdict {
  if (bytes > quota.bytes) return { allowed: false, resetsAt: null };
  const inWindow = past
    .filter((u) => u.at.getTime() > now.getTime() - QUOTA_WINDOW_MS)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let total = inWindow.reduce((sum, u) => sum + u.bytes, 0);
  // Drop the oldest until the new file fits both limits: the last one dropped says when.
  let dropped = 0;
  while (inWindow.length - dropped + 1 > quota.files || total + bytes > quota.bytes) {
    total -= inWindow[dropped]?.bytes ?? 0;
    dropped += 1;
  }
  if (dropped === 0) return { allowed: true };
  const last = inWindow[dropped - 1];
  return { allowed: false, resetsAt: new Date((last?.at.getTime() ?? now.getTime()) + QUOTA_WINDOW_MS) };
}

/** How an upload of each kind is named in messages. */
const NAMES: Record<UploadKind, { plural: string; label: string }> = {
  blog_image: { plural: 'pictures', label: 'blog pictures' },
  recording: { plural: 'recordings', label: 'read-aloud recordings' },
};

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** "in about 5 hours", "in about 12 minutes". */
function fromNow(at: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  if (minutes < 60) return `in about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The refusal a person reads: the limit, and when more can be uploaded. */
export function quotaMessage(kind: UploadKind, quota: UploadQuota, resetsAt: Date | null, now: Date): string {
  const { plural, label } = NAMES[kind];
  const limit = `${quota.files} ${plural} or ${megabytes(quota.bytes)} in any 24 hours`;
  if (!resetsAt) {
    return `This file is larger than the daily limit for ${label} (${limit}). Send a smaller one.`;
  }
  return (
    `You have reached the daily limit for ${label} (${limit}). ` +
    `You can upload more ${fromNow(resetsAt, now)}, from ${formatTime(resetsAt, 'dateTime', SERVER_VIEWER)}.`
  );
}

/** Seconds until the quota allows this upload, for Retry-After (none when it never will). */
export const retryAfterSeconds = (resetsAt: Date | null, now: Date) =>
  resetsAt ? Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) : undefined;
