import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import type { ObjectStorage } from './storage';

/** The storage an app holds: it closes once the puts under way have settled. */
export interface AppStorage extends ObjectStorage {
  /**
   * Waits (up to `timeoutMs`) for the puts under way. Those of requests cut when a drain's grace ended fail as soon
   * as their connection is gone, and then clean up after themselves (a partial file, a multipart upload): the
   * process must not exit before that.
   */
  close(timeoutMs?: number): Promise<void>;
}

export function trackPuts(storage: ObjectStorage): AppStorage {
  const underWay = new Set<Promise<unknown>>();
  return {
    ...storage,
    put(key, body, options) {
      const put = storage.put(key, body, options);
      const settled: Promise<boolean> = put.then(
        () => underWay.delete(settled),
        () => underWay.delete(settled),
      );
      underWay.add(settled);
      return put;
    },
    async close(timeoutMs = 5000) {
      if (underWay.size === 0) return;
      await Promise.race([Promise.all(underWay), delay(timeoutMs, undefined, { ref: false })]);
    },
  };
}

/**
 * S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/files. The AWS SDK is loaded only
 * for S3: it costs an instance on the local disk about 5 MiB of heap and 120 ms of start-up.
 */
export async function createStorage(config: Config): Promise<AppStorage> {
  if (!config.s3) return trackPuts(createLocalStorage(path.join(config.dataDir, 'files')));
  const { createS3Storage } = await import('./s3');
  return trackPuts(createS3Storage(config.s3));
}
