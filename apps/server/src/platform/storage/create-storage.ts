import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import type { ObjectStorage } from './storage';

/**
 * S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/files. The AWS SDK is loaded only
 * for S3: it costs an instance on the local disk about 5 MiB of heap and 120 ms of start-up.
 */
export async function createStorage(config: Config): Promise<ObjectStorage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./s3');
  return createS3Storage(config.s3);
}
