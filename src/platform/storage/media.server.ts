import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { DomainError } from '~/platform/errors';

/** Pictures are stored as WebP no larger than this box: sharp for covers, light for families' phones. */
const WEB_IMAGE_MAX = { width: 1600, height: 1600 } as const;

interface WebImage {
  bytes: Uint8Array;
  type: 'image/webp';
  width: number;
  height: number;
}

/**
 * Turns an uploaded picture into one fit for the web: turned upright, shrunk to fit the box (never
 * enlarged), re-encoded as WebP and stripped of its metadata (camera, place, time). A file that
 * only claims to be a picture is refused with a 400 naming the body.
 */
export async function prepareWebImage(
  input: Uint8Array,
  box: { width: number; height: number } = WEB_IMAGE_MAX,
): Promise<WebImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), type: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw new DomainError('validation_failed', 'This file could not be read as a picture.', {
      body: 'Send a JPEG, PNG, WebP or GIF picture.',
    });
  }
}

/**
 * The length of an audio file in whole seconds, read from the file itself; a file that is not
 * audio of the claimed type is refused with a 400 naming the body.
 */
export async function audioDurationSeconds(input: Uint8Array, type: string): Promise<number> {
  let seconds: number | undefined;
  try {
    const meta = await parseBuffer(input, { mimeType: type, size: input.byteLength }, { duration: true });
    seconds = meta.format.duration;
  } catch {
    seconds = undefined;
  }
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) {
    throw new DomainError('validation_failed', 'This file could not be read as audio.', {
      body: 'Send an MP3, M4A, OGG or WAV audio file.',
    });
  }
  return Math.max(1, Math.round(seconds));
}
