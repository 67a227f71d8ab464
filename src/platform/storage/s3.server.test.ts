import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Storage } from './s3.server';
import { serveStored } from './serve.server';
import type { Storage } from './storage';
import { describeStorage, unreachableS3Storage } from './storageContract';

// The S3 driver against a local S3-compatible server (s3rver) the test starts on a free port: the
// same contract as the disk store, each case in a bucket folder of its own.

let dir: string;
let server: S3rver;
let endpoint: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qr-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

let storage: Storage;
let run = 0;
const connect = (prefix: string, bucket = 'media') =>
  s3Storage({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix,
  });
beforeEach(() => {
  run += 1;
  storage = connect(`case-${run}`);
});

describeStorage('S3-compatible', () => storage);

describe('S3 storage', () => {
  it('keeps each prefix apart, and the same objects reach every copy that shares the bucket', async () => {
    const one = connect('shared');
    const other = connect('shared');
    await one.put('recordings/child/take.webm', new TextEncoder().encode('voice'));
    expect(await other.stat('recordings/child/take.webm')).toMatchObject({ size: 5 });
    expect(await new Response(await other.read('recordings/child/take.webm')).text()).toBe('voice');
    expect(await connect('elsewhere').stat('recordings/child/take.webm')).toBeNull();
    await other.delete('recordings/child/take.webm');
    expect(await one.stat('recordings/child/take.webm')).toBeNull();
  });

  it('fails loudly, not as a missing object, when the bucket does not exist', async () => {
    await expect(connect('x', 'no-such-bucket').put('a.txt', new Uint8Array([1]))).rejects.toMatchObject({
      status: 503,
    });
  });

  it('answers 503, storing nothing, while the store cannot be reached; serves 503 rather than 404', async () => {
    const down = unreachableS3Storage();
    const refusal = {
      status: 503,
      code: 'unavailable',
      message: expect.stringContaining('Nothing was saved'),
    };
    await expect(down.put('podcast/a.mp3', new Uint8Array([1]))).rejects.toMatchObject(refusal);
    await expect(down.stat('podcast/a.mp3')).rejects.toMatchObject(refusal);
    await expect(down.read('podcast/a.mp3')).rejects.toMatchObject(refusal);
    expect(await down.reachable()).toBe(false);
    expect(await connect('x', 'no-such-bucket').reachable()).toBe(false);
    const served = await serveStored(new Request('http://x/media/podcast/a.mp3'), down, 'podcast/a.mp3');
    expect(served.status).toBe(503);
    expect(served.headers.get('retry-after')).toBe('30');
    expect(served.headers.get('cache-control')).toBe('no-store');
  });
});
