import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor, parseStorageKey } from './keys';
import { InvalidKeyError, type Storage, type StoredObject } from './storage';

/** The default store: one folder on disk (MEDIA_DIR), keys as relative paths inside it. */
export function diskStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  const statOf = (key: string) => storedAt(root, key);
  return {
    async put(key, body) {
      await writeWhole(pathIn(root, key), body);
      const stored = await statOf(key);
      if (!stored) throw new Error(`Stored ${key} but cannot find it`);
      return stored;
    },

    stat: statOf,

    async read(key, range) {
      const path = pathIn(root, key);
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },

    async delete(key) {
      await rm(pathIn(root, key), { force: true });
    },

    async reachable() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Where a key's file is under the folder; a key that is not one is refused. */
function pathIn(root: string, key: string): string {
  const safe = parseStorageKey(key);
  if (!safe) throw new InvalidKeyError(key);
  const path = join(root, ...safe.split('/'));
  // parseStorageKey already forbids `..`; this guards against any future change to it.
  if (!path.startsWith(root + sep)) throw new InvalidKeyError(key);
  return path;
}

/** What is stored under a key: its size, type, time and ETag, or null when nothing is. */
async function storedAt(root: string, key: string): Promise<StoredObject | null> {
  const path = pathIn(root, key);
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return {
      key,
      size: info.size,
      contentType: contentTypeFor(key) ?? 'application/octet-stream',
      modifiedAt: info.mtime,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  } catch (error) {
    // A missing file, a path through a file, a name too long: all simply not stored here.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
    throw error;
  }
}

/** Writes the file beside the target and renames it, so a reader never sees half a file. */
async function writeWhole(path: string, body: Parameters<Storage['put']>[1]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.${Date.now()}.partial`;
  const source =
    body instanceof Uint8Array
      ? Readable.from([body])
      : body instanceof Readable
        ? body
        : Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
