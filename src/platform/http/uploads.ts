import type { Context } from 'hono';
import { DomainError } from '~/platform/errors';
import { readBody } from './body';

/**
 * Routes that take a file (audio, a picture) as the raw request body instead of JSON. The API's
 * JSON check and 64 KB limit skip them; each checks its own types and size with readUpload.
 */
const UPLOAD_PATHS: readonly RegExp[] = [
  // A child's read-aloud recording.
  /^\/api\/children\/[^/]+\/recordings$/,
  // A picture for a blog post.
  /^\/api\/me\/blog-images$/,
  // The admin console: a book's cover, a passage's model reading, a podcast episode's audio.
  /^\/api\/admin\/books\/[^/]+\/cover$/,
  /^\/api\/admin\/passages\/[^/]+\/audio$/,
  /^\/api\/admin\/podcast\/[^/]+\/audio$/,
  // Not a file, but the same need: Stripe signs the exact bytes of its events, so the webhook
  // reads its raw body itself (with its own size limit) rather than through the JSON check.
  /^\/api\/payments\/webhook$/,
];

export const isUploadPath = (path: string) => UPLOAD_PATHS.some((re) => re.test(path));

interface UploadRules {
  /** Accepted media types, e.g. ['audio/webm', 'audio/ogg']; parameters (codecs=) are ignored. */
  types: readonly string[];
  maxBytes: number;
  /** Named in errors: "recording", "picture". */
  what: string;
}

export interface Upload {
  bytes: Uint8Array;
  /** The media type without parameters. */
  type: string;
}

/**
 * Reads an upload body: the type must be one of the allowed ones, the size within the limit
 * (413 before reading when Content-Length says so, and while reading otherwise), never empty.
 */
export async function readUpload(c: Context, rules: UploadRules): Promise<Upload> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!rules.types.includes(type)) {
    throw new DomainError('validation_failed', `This kind of ${rules.what} cannot be used.`, {
      body: `Send one of: ${rules.types.join(', ')}.`,
    });
  }
  const bytes = await readBody(
    c.req.raw,
    rules.maxBytes,
    `The ${rules.what} is too large: at most ${Math.round(rules.maxBytes / 1024 / 1024)} MB.`,
  );
  if (bytes.byteLength === 0)
    throw new DomainError('validation_failed', `The ${rules.what} is empty.`, { body: 'Empty.' });
  return { bytes, type };
}
