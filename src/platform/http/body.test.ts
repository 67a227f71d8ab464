import { describe, expect, it } from 'vitest';
import { DomainError } from '~/platform/errors';
import { readBody } from './body';

/**
 * A chunked body of `chunks` chunks of `size` bytes, made only as it is read (no Content-Length):
 * `pulled` counts the chunks the reader asked for, `cancelled` says whether it gave up on the rest.
 */
function streamedBody(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        seen.pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    // Nothing is made before it is asked for, so `pulled` is what was read.
    { highWaterMark: 0 },
  );
  const request = new Request('http://localhost/api/payments/webhook', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { request, seen };
}

const tooLarge = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof DomainError && error.code === 'payload_too_large' && error.status === 413,
  );

describe('readBody', () => {
  it('reads a chunked body within the limit whole, byte for byte', async () => {
    const { request, seen } = streamedBody(8, 1000);
    const bytes = await readBody(request, 8000, 'Too large.');
    expect(bytes.byteLength).toBe(8000);
    expect(bytes.every((b) => b === 97)).toBe(true);
    expect(seen).toEqual({ pulled: 8, cancelled: false });
  });

  it('refuses a chunked body over the limit as soon as it passes it, and cancels the rest', async () => {
    // 100 MB announced by nothing but its chunks, against a 512 KB limit.
    const { request, seen } = streamedBody(1600, 64 * 1024);
    await tooLarge(readBody(request, 512 * 1024, 'This is not a payment event.'));
    // The ninth 64 KB chunk is the first over the limit: nothing after it is read.
    expect(seen).toEqual({ pulled: 9, cancelled: true });
  });

  it('refuses a declared Content-Length over the limit before reading anything', async () => {
    const { request, seen } = streamedBody(10, 1000, { 'content-length': '10000' });
    await tooLarge(readBody(request, 5000, 'Too large.'));
    expect(seen).toEqual({ pulled: 0, cancelled: true });
  });

  it('answers no bytes for a request without a body', async () => {
    const bytes = await readBody(new Request('http://localhost/', { method: 'POST' }), 10, 'Too large.');
    expect(bytes.byteLength).toBe(0);
  });
});
