import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage } from './disk.server';
import type { Storage } from './storage';
import { describeStorage, UNSAFE_KEYS } from './storageContract';

let dir: string;
let storage: Storage;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qr-storage-'));
  storage = diskStorage(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describeStorage('disk', () => storage);

describe('disk storage', () => {
  it('replaces a file through a file beside it, leaving no partial file', async () => {
    await storage.put('e.txt', bytes('first'));
    await storage.put('e.txt', bytes('second'));
    expect(await readdir(dir)).toEqual(['e.txt']);
  });

  it('writes nothing for an unsafe key', async () => {
    for (const key of UNSAFE_KEYS) await storage.put(key, bytes('x')).catch(() => {});
    expect(await readdir(dir)).toEqual([]);
  });
});
