import { loadSettings } from '~/platform/env.server';
import { diskStorage } from './disk.server';
import type { Storage } from './storage';

export { InvalidKeyError, type Storage, type StoredObject } from './storage';

let storage: Storage | undefined;

/** The server's one store for uploads, from the settings (a folder, MEDIA_DIR, for now). */
export function getStorage(): Storage {
  storage ??= diskStorage(loadSettings().MEDIA_DIR);
  return storage;
}
