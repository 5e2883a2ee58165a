import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** S3_* variables that point Deckhand at this server's bucket. */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted: a large upload is under way. */
  multipartUploadsUnderWay(): Promise<number>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free port, with one empty bucket, files in a temporary folder. */
export async function startS3Server(bucket = 'deckhand-test'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async multipartUploadsUnderWay() {
      // s3rver cannot list multipart uploads; it keeps each in a folder of its own until it is completed.
      const entries = await fs.readdir(path.join(directory, bucket, '._S3rver_uploads')).catch((err: unknown) => {
        if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return [];
        throw err;
      });
      return entries.length;
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
