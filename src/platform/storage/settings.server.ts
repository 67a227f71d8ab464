import * as z from 'zod';

/**
 * Where uploads live, as settings (read with the rest in env.server.ts). `disk` (the default, and
 * what `npm start` uses) keeps them in MEDIA_DIR on this copy's own disk; `s3` keeps them in one
 * bucket of an S3-compatible store that every copy of the server shares (decision 36).
 */
export const storageSettingsFields = {
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** The bucket that holds every upload (STORAGE=s3). */
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots and dashes',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** A non-AWS store's address (https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  /** true for stores that want the bucket in the path (MinIO, local servers). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** Both or neither: without them the SDK's own chain (environment, instance role) answers. */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /**
   * Where pages and answers send browsers for public files (covers, blog pictures, passages' and
   * episodes' audio): a CDN whose origin is this site's /media route, such as
   * https://cdn.quillreads.com/media. Unset: the site's own /media. Private files never go there.
   */
  MEDIA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
    .refine((v) => !/[?#]/.test(v), 'must be an address without ? or #')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /** A folder inside the bucket for this site's objects (several sites may share a bucket). */
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9/_-]*$/i, 'must be letters, digits, dashes, underscores and slashes')
    .optional(),
};

interface StorageSettings {
  STORAGE: 'disk' | 's3';
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

/** The S3 store needs its bucket, and its key id and secret come together. */
export function checkStorageSettings(env: StorageSettings, ctx: z.RefinementCtx): void {
  if (env.STORAGE === 's3' && !env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when STORAGE=s3' });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'must be set with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither',
    });
}
