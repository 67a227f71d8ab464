import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A body whose client gives up after `chunks` chunks of `size` bytes: the stream fails mid-body. */
function abortedBody(chunks: number, size: number, headers: Record<string, string> = {}) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === chunks) return controller.error(new TypeError('terminated: other side closed'));
        sent += 1;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
    },
    { highWaterMark: 0 },
  );
  return new Request('http://localhost/api/children', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

const badRequest = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof DomainError && error.code === 'bad_request' && error.status === 400,
  );

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

  it('answers 400, not a server error, when the client gives up mid-body', async () => {
    await badRequest(readBody(abortedBody(3, 1000), 64 * 1024, 'Too large.'));
    await badRequest(readBody(abortedBody(3, 1000, { 'content-length': '8000' }), 64 * 1024, 'Too large.'));
  });

  it('refuses a body longer or shorter than its declared Content-Length', async () => {
    const longer = streamedBody(8, 1000, { 'content-length': '7999' });
    await badRequest(readBody(longer.request, 64 * 1024, 'Too large.'));
    expect(longer.seen.cancelled).toBe(true);
    await badRequest(
      readBody(streamedBody(8, 1000, { 'content-length': '8001' }).request, 64 * 1024, 'Too large.'),
    );
  });

  describe('with a declared Content-Length', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('allocates the body once, before reading it, and fills it byte for byte', async () => {
      const { request, seen } = streamedBody(8, 1000, { 'content-length': '8000' });
      // When each body-sized array is made, how many chunks had been read.
      const madeAfter: number[] = [];
      const Native = Uint8Array;
      vi.stubGlobal(
        'Uint8Array',
        new Proxy(Native, {
          construct(target, args, newTarget) {
            if (args[0] === 8000) madeAfter.push(seen.pulled);
            return Reflect.construct(target, args, newTarget);
          },
        }),
      );
      const bytes = await readBody(request, 64 * 1024, 'Too large.');
      vi.unstubAllGlobals();
      expect(bytes.byteLength).toBe(8000);
      expect(bytes.every((b) => b === 97)).toBe(true);
      expect(seen).toEqual({ pulled: 8, cancelled: false });
      // One array for the whole body, made before the first chunk (no chunks kept, no final copy).
      expect(madeAfter).toEqual([0]);
    });
  });
});
