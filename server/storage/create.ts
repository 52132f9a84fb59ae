import type { Config } from '../config';
import { createUploadsStorage } from './local-disk';
import type { Storage } from './storage';

/** The storage the settings name: the S3-compatible bucket of STORAGE_URL, or else DATA_DIR/uploads. */
export async function createStorage(config: Pick<Config, 'dataDir' | 'objectStorage'>): Promise<Storage> {
  if (!config.objectStorage) return createUploadsStorage(config.dataDir);
  // Loaded only when used: the AWS SDK alone takes about half a second to load.
  const { createS3Storage } = await import('./s3');
  return createS3Storage(config.objectStorage);
}
