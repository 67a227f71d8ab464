import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '~/platform/errors';
import { audioDurationSeconds, MAX_IMAGE_PIXELS, prepareWebImage } from './media.server';

describe('prepareWebImage', () => {
  it('shrinks a large picture to fit the box, as WebP without its metadata', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c84' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Somebody', Artist: 'A phone' } } })
      .toBuffer();
    const out = await prepareWebImage(new Uint8Array(big));
    expect(out).toMatchObject({ type: 'image/webp', width: 1600, height: 800 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('never enlarges a small picture', async () => {
    const small = await sharp({ create: { width: 200, height: 300, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    expect(await prepareWebImage(new Uint8Array(small), { width: 800, height: 800 })).toMatchObject({
      width: 200,
      height: 300,
    });
  });

  it('refuses a picture of more than 40 megapixels with 413, naming its size and the limit', async () => {
    // 64 megapixels of one colour: a few hundred kilobytes as a PNG, far more once decoded.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(1024 * 1024);
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    const refusal = await prepareWebImage(new Uint8Array(huge)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect((refusal as DomainError).message).toMatch(
      /8000 × 8000 pixels \(64 megapixels\).*at most 40 megapixels/,
    );
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(prepareWebImage(new TextEncoder().encode('<svg onload=alert(1)>'))).rejects.toBeInstanceOf(
      DomainError,
    );
  });
});

describe('audioDurationSeconds', () => {
  it('reads the length of an MP3 from the file', async () => {
    const dir = join(process.cwd(), 'src', 'features', 'demo', 'media');
    const { readdir } = await import('node:fs/promises');
    const mp3 = (await readdir(dir, { recursive: true })).find((f) => String(f).endsWith('.mp3'));
    expect(mp3).toBeDefined();
    const seconds = await audioDurationSeconds(
      new Uint8Array(await readFile(join(dir, String(mp3)))),
      'audio/mpeg',
    );
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThan(600);
  });

  it('refuses bytes that are not audio', async () => {
    await expect(
      audioDurationSeconds(new TextEncoder().encode('not audio at all'), 'audio/mpeg'),
    ).rejects.toBeInstanceOf(DomainError);
  });
});
