import { loadSettings } from '~/platform/env.server';
import { diskStorage } from './disk.server';
import { s3Storage } from './s3.server';
import type { Storage } from './storage';

export { InvalidKeyError, type Storage, type StoredObject } from './storage';

let storage: Storage | undefined;

/** The server's one store for uploads, from the settings: a folder (MEDIA_DIR) or a bucket. */
export function getStorage(): Storage {
  storage ??= storageFrom(loadSettings());
  return storage;
}

function storageFrom(settings: ReturnType<typeof loadSettings>): Storage {
  if (settings.STORAGE === 'disk' || !settings.S3_BUCKET) return diskStorage(settings.MEDIA_DIR);
  return s3Storage({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    prefix: settings.S3_PREFIX,
  });
}
