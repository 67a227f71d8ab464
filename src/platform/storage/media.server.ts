import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { DomainError } from '~/platform/errors';

/** Pictures are stored as WebP no larger than this box: sharp for covers, light for families' phones. */
const WEB_IMAGE_MAX = { width: 1600, height: 1600 } as const;

/**
 * The most pixels a picture may have: 40 megapixels, more than any phone's usual photo (12 to 24).
 * Decoding costs memory by pixels, not bytes: a 5 MB PNG of one colour can hold 64 megapixels and
 * take some 200 MB of memory to decode, so the size is read from the file's header and checked first.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

interface WebImage {
  bytes: Uint8Array;
  type: 'image/webp';
  width: number;
  height: number;
}

const notAPicture = () =>
  new DomainError('validation_failed', 'This file could not be read as a picture.', {
    body: 'Send a JPEG, PNG, WebP or GIF picture.',
  });

/** The picture's size as its header states it (nothing decoded), or undefined when it has none. */
async function declaredSize(input: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(input).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** 413 naming the picture's size and the limit. */
function tooManyPixels({ width, height }: { width: number; height: number }) {
  const megapixels = Math.round((width * height) / 1_000_000);
  const limit = `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  return new DomainError(
    'payload_too_large',
    `This picture is too large: ${width} × ${height} pixels (${megapixels} megapixels). ` +
      `Pictures can have at most ${limit}: make it smaller and send it again.`,
    { body: `At most ${limit}.` },
  );
}

/**
 * Turns an uploaded picture into one fit for the web: turned upright, shrunk to fit the box (never
 * enlarged), re-encoded as WebP and stripped of its metadata (camera, place, time). A file that
 * only claims to be a picture is refused with a 400 naming the body; a picture of more than
 * MAX_IMAGE_PIXELS with a 413, before it is decoded.
 */
export async function prepareWebImage(
  input: Uint8Array,
  box: { width: number; height: number } = WEB_IMAGE_MAX,
): Promise<WebImage> {
  const size = await declaredSize(input);
  if (!size) throw notAPicture();
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooManyPixels(size);
  try {
    // The limit again, in the decoder: whatever the header said, no more pixels than this are read.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), type: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw notAPicture();
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
