import { startS3Server } from '../../../test/support/s3-server';
import { createS3Storage } from './s3';
import { describeStorage } from './storage-suite';

// Against a real S3-compatible server (s3rver), started for this file.
describeStorage('S3', async () => {
  const server = await startS3Server('storage-suite');
  const storage = createS3Storage({
    bucket: 'storage-suite',
    endpoint: server.env.S3_ENDPOINT,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return { storage, close: () => server.close() };
});
