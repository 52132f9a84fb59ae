import type { FastifyBaseLogger } from 'fastify';
import { EXTENSION_BY_KIND, IMAGE_KINDS, assertFileKind, type UploadedFile } from '../http/uploads';
import type { Storage, StorageFolder } from './storage';

/**
 * Checks that an uploaded file is a PNG, JPG or GIF by its bytes (415 otherwise, naming
 * `fieldLabel`) and stores it; returns its key.
 */
export async function storeImage(storage: Storage, file: UploadedFile, folder: StorageFolder, fieldLabel: string): Promise<string> {
  assertFileKind(file, IMAGE_KINDS, fieldLabel);
  return storage.put(
    { stream: file.open(), size: file.size },
    { folder, extension: EXTENSION_BY_KIND[file.kind as keyof typeof EXTENSION_BY_KIND] },
  );
}

/**
 * Removes files that no record points to any more (a replaced logo, a deleted record's image, or
 * a new upload whose record was not saved). Called after the database has committed; a failure is
 * logged, never returned to the person, because the change they asked for did happen.
 */
export async function discardFiles(storage: Storage, keys: readonly (string | null | undefined)[], log: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) => storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete a stored file'))),
  );
}
