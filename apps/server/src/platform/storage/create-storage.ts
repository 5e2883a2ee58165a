import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './storage';

/** S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/files. */
export function createStorage(config: Config): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
