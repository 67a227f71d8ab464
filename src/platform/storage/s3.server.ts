import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { unavailable } from '../errors';
import { contentTypeFor, parseStorageKey } from './keys';
import { InvalidKeyError, type Storage, type StoredObject } from './storage';

/** Where an S3-compatible store is and how to reach it (AWS S3, Cloudflare R2, MinIO...). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A local or non-AWS server's address (`http://127.0.0.1:9000`); AWS's own when absent. */
  endpoint?: string | undefined;
  /** Bucket in the path rather than the host name: what local servers and MinIO want. */
  forcePathStyle?: boolean;
  /** Credentials; the SDK's usual chain (environment, instance role) when absent. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** A folder inside the bucket that every key goes under (`quillreads/`), or none. */
  prefix?: string | undefined;
}

/**
 * The store for many copies of the server: every object in one bucket, so an upload through one
 * copy is read, served and deleted through any other. Same contract as the disk store
 * (storageContract.ts runs the same cases on both).
 */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: local servers and some S3-compatible stores do not
    // understand the SDK's default trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
  const where = (key: string) => ({ Bucket: settings.bucket, Key: prefix + safeKey(key) });
  const statOf = async (key: string): Promise<StoredObject | null> => {
    const target = where(key);
    const object = await reach(() => headOrNull(client, target));
    return object ? storedObject(key, object) : null;
  };

  return {
    async put(key, body) {
      const params = { ...where(key), Body: bodyOf(body), ContentType: contentTypeOf(key) };
      // Multipart for large or unsized bodies, one request for small ones; never half an object.
      await reach(() => new Upload({ client, params }).done());
      const stored = await statOf(key);
      if (!stored) throw new Error(`Stored ${key} but cannot find it`);
      return stored;
    },

    stat: statOf,

    async read(key, range) {
      const ask = new GetObjectCommand({
        ...where(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      });
      const answer = await reach(() => client.send(ask));
      if (!answer.Body) throw new Error(`${key} came back without a body`);
      return answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
    },

    async delete(key) {
      // S3 answers a missing key's deletion with success too.
      const remove = new DeleteObjectCommand(where(key));
      await reach(() => client.send(remove));
    },

    async reachable() {
      return client.send(new HeadBucketCommand({ Bucket: settings.bucket })).then(
        () => true,
        () => false,
      );
    },
  };
}

/** What a family is told when the store cannot be reached: nothing was stored, try again. */
const STORE_DOWN = 'Files cannot be stored or read right now. Nothing was saved; try again in a minute.';

/**
 * `work`, with any failure of the store (unreachable, an error on its side, a bucket it refuses)
 * turned into the 503 the API answers for it (the cause stays in the server's log).
 */
async function reach<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw Object.assign(unavailable(STORE_DOWN, 30), { cause: error });
  }
}

/** The key, if it is one the store may hold; a key that is not is refused before any request. */
function safeKey(key: string): string {
  const safe = parseStorageKey(key);
  if (!safe) throw new InvalidKeyError(key);
  return safe;
}

const contentTypeOf = (key: string) => contentTypeFor(key) ?? 'application/octet-stream';

/** What the SDK can send: bytes as they are, a web stream as a Node stream. */
function bodyOf(body: Parameters<Storage['put']>[1]): Uint8Array | Readable {
  if (body instanceof Uint8Array || body instanceof Readable) return body;
  return Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
}

/** The object's head, or null when nothing is stored under the key (404). */
async function headOrNull(
  client: S3Client,
  where: { Bucket: string; Key: string },
): Promise<HeadObjectCommandOutput | null> {
  try {
    return await client.send(new HeadObjectCommand(where));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return null;
    throw error;
  }
}

function storedObject(key: string, head: HeadObjectCommandOutput): StoredObject {
  return {
    key,
    size: head.ContentLength ?? 0,
    contentType: contentTypeOf(key),
    modifiedAt: head.LastModified ?? new Date(0),
    // S3's ETag is already quoted; a strong validator that changes with the bytes.
    etag: head.ETag?.startsWith('"') ? head.ETag : `"${head.ETag ?? ''}"`,
  };
}
