import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApi, siteServerFor } from './harness';

/**
 * Every body the server reads is counted as it arrives and refused (413) once it passes its limit,
 * whether or not it declares a Content-Length: a chunked body declares none, and reading one whole
 * before checking it would let a single request fill the server's memory.
 */
const { api } = await fileApi();

const KB = 1024;
const MB = 1024 * KB;

/**
 * A chunked body of `chunks` chunks of `size` bytes, made only as it is read (no Content-Length):
 * `pulled` counts the chunks the server asked for, `cancelled` says whether it gave up on the rest.
 */
function streamedBody(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        seen.pulled += 1;
        controller.enqueue(new TextEncoder().encode(seen.pulled === 1 ? '{"padding":"' : 'x'.repeat(size)));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

/** Posts a streamed body through the API's real router, as the server hands it a chunked request. */
const postStreamed = (path: string, body: ReadableStream<Uint8Array>) =>
  api.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit,
    { clientAddress: '127.0.0.1' },
  );

describe('a chunked body over the limit, in process', () => {
  it('is refused by the payment webhook (512 KB) after at most one chunk past it, the rest never read', async () => {
    // 100 MB in 64 KB chunks, the size that made the server's memory grow by about 450 MB.
    const { body, seen } = streamedBody(1600, 64 * KB);
    const res = await postStreamed('/api/payments/webhook', body);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    // The opening chunk and eight of 64 KB are 512 KB and a few bytes: the ninth is never asked for.
    expect(seen).toEqual({ pulled: 9, cancelled: true });
  });

  it('is refused on a JSON route (64 KB) the same way, before the route runs', async () => {
    const { body, seen } = streamedBody(1600, 64 * KB);
    const res = await postStreamed('/api/inquiries', body);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Requests may be at most 64 KB.' },
    });
    expect(seen).toEqual({ pulled: 2, cancelled: true });
  });

  it('is read whole when within the limit', async () => {
    const inquiry = JSON.stringify({
      name: 'Renée Parent',
      email: 'renee@example.com',
      subject: 'Programs',
      message: 'Which program suits a six-year-old who is just starting to read?',
    });
    const bytes = new TextEncoder().encode(inquiry);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.byteLength; at += 16) controller.enqueue(bytes.slice(at, at + 16));
        controller.close();
      },
    });
    const res = await postStreamed('/api/inquiries', chunked);
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

/** A POST sent over a real connection with `Transfer-Encoding: chunked`, as long as it takes to be answered. */
function postChunkedOverHttp(server: Server, path: string, totalBytes: number) {
  const { port } = server.address() as AddressInfo;
  const chunk = Buffer.alloc(64 * KB, 'x');
  return new Promise<{ status: number; json: unknown; sentWhenAnswered: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(parts).toString()),
          sentWhenAnswered,
        });
      });
    });
    // Once it has answered, the server may close the connection on the rest of the body.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const writeMore = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      if (!answered) req.end();
    };
    writeMore();
  });
}

describe('a chunked body over the limit, over HTTP', () => {
  let server: Server;

  beforeAll(async () => {
    // The production server (src/features/main.server.ts) with this file's API and no built files.
    server = await siteServerFor(api);
  });

  it('is answered 413 by the payment webhook while the client is still sending', async () => {
    const total = 64 * MB;
    const res = await postChunkedOverHttp(server, '/api/payments/webhook', total);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      error: { code: 'payload_too_large', message: 'This is not a payment event.' },
    });
    // Read whole first, the answer could only come once all 64 MB were sent; counted, it comes
    // after the first 512 KB (and what the connection's buffers hold: a few MB).
    expect(res.sentWhenAnswered).toBeLessThan(total / 4);
  });
});
