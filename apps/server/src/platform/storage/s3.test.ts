import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorage, failingAfter, mib, type StorageUnderTest } from '../../../test/support/storage-suite';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './storage';

const bucket = 'storage-suite';

/**
 * A bucket on s3rver, in this process, on a free port, its files in a temporary folder. s3rver 3.7 answers
 * AbortMultipartUpload with 405, so the server in front of it does the abort itself (deletes the upload's parts,
 * as S3 does), unless `refuseAborts` keeps s3rver's answer.
 */
async function startBucket(options: {
  refuseAborts: boolean;
}): Promise<StorageUnderTest & { withBucket: (name: string) => ObjectStorage }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  // s3rver keeps each multipart upload's parts in a folder named after its upload id until it is completed.
  const uploads = path.join(directory, bucket, '._S3rver_uploads');
  await fs.mkdir(uploads, { recursive: true });
  const handle = s3rver.getMiddleware();
  const server = createServer((req, res) => {
    const uploadId = new URL(req.url ?? '/', 'http://s3').searchParams.get('uploadId');
    if (req.method !== 'DELETE' || !uploadId || options.refuseAborts) return handle(req, res);
    fs.rm(path.join(uploads, path.basename(uploadId)), { recursive: true, force: true }).then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const withBucket = (name: string) =>
    createS3Storage({
      bucket: name,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  return {
    storage: withBucket(bucket),
    withBucket,
    leftovers: () => fs.readdir(uploads),
    async close() {
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

describeStorage('S3', () => startBucket({ refuseAborts: false }));

describe('S3 storage of a bucket that is not there', () => {
  let under: Awaited<ReturnType<typeof startBucket>>;
  beforeAll(async () => {
    under = await startBucket({ refuseAborts: false });
  });
  afterAll(() => under.close());

  it('says it cannot be written to', async () => {
    await expect(under.withBucket('no-such-bucket').check()).rejects.toThrow();
  });
});

describe('S3 storage on a service that cannot abort a multipart upload', () => {
  let under: StorageUnderTest;
  beforeAll(async () => {
    under = await startBucket({ refuseAborts: true });
  });
  afterAll(() => under.close());

  it("rejects a failing body with the body's error, not the failed abort's", async () => {
    await expect(under.storage.put('failed/upload', failingAfter(10 * mib))).rejects.toThrow('the client went away');
    expect(await under.storage.stat('failed/upload')).toBeUndefined();
    // The parts stay where the service keeps them; on S3 a lifecycle rule removes them.
    expect(await under.leftovers()).toHaveLength(1);
  });
});
