import type { Readable } from 'node:stream';

/** What the store knows about one object. */
export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** A strong validator that changes whenever the bytes change (quoted, as HTTP wants it). */
  etag: string;
}

/**
 * Where uploads live: a folder on disk by default; an S3-compatible store can implement the same
 * interface without any route changing. Keys are checked with `parseStorageKey`; every method
 * refuses (throws `InvalidKeyError`) a key that is not safe.
 */
export interface Storage {
  /** Stores the bytes under the key, replacing what was there; the content type comes from the key. */
  put(key: string, body: Uint8Array | Readable | ReadableStream<Uint8Array>): Promise<StoredObject>;
  /** The object's details, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The bytes from start to end inclusive (the whole object without a range). */
  read(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the store can be written to now (the server's readiness asks; never throws). */
  reachable(): Promise<boolean>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidKeyError';
  }
}
