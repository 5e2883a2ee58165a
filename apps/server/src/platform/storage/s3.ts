import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, checkPrefix } from './keys';
import type { ObjectStorage, StoredObjectInfo } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, s3rver); unset for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

// Parts of 8 MiB, two at a time: an upload holds at most 16 MiB of a file in memory, whatever its size.
const partSize = 8 * 1024 * 1024;
const queueSize = 2;

/** Bytes `start` to `end` (included) of a stream; what follows `end` is not downloaded. */
async function* slice(chunks: AsyncIterable<Buffer>, start: number, end: number): AsyncGenerator<Buffer> {
  let offset = 0;
  for await (const chunk of chunks) {
    const from = Math.max(0, start - offset);
    const to = Math.min(chunk.byteLength, end + 1 - offset);
    offset += chunk.byteLength;
    if (from < to) yield chunk.subarray(from, to);
    // Leaving the loop destroys the response, which closes its connection.
    if (offset > end) return;
  }
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/** Objects in a bucket, so several instances share one store. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible services do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  return {
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async put(key, body, putOptions) {
      checkKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.byteLength;
          callback(null, chunk);
        },
      });
      // A failing body fails `counted` (pipeline destroys it with the body's error), and Upload, reading it, rejects.
      pipeline(body, counted, () => {});
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted, ContentType: putOptions?.contentType },
        partSize,
        queueSize,
        // A failed multipart upload is aborted, so no parts linger (and cost) in the bucket.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // The body's own failure (a size limit, a dropped client) is what callers act on, but lib-storage
        // rejects with the abort's error when aborting fails as well (s3rver cannot abort at all). Parts an abort
        // could not remove are left to the bucket's lifecycle rule for incomplete multipart uploads.
        const bodyError = counted.errored;
        // When the store failed, the body is still being sent: stop reading it (pipeline then destroys it).
        counted.destroy();
        throw bodyError ?? err;
      }
      return { size };
    },
    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // In Node the SDK answers with the HTTP response itself, a Readable.
        if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a stream`);
        if (!range) return { body: object.Body, size: object.ContentLength ?? 0 };
        // Some S3-compatible servers answer a range with more than was asked (s3rver sends all of bytes=0-0):
        // what came is cut down to the range.
        const sent = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
        const from = sent ? Number(sent[1]) : 0;
        const to = sent ? Number(sent[2]) : (object.ContentLength ?? 0) - 1;
        const size = sent ? Number(sent[3]) : (object.ContentLength ?? 0);
        if (from === range.start && to === range.end) return { body: object.Body, size };
        return {
          body: Readable.from(slice(object.Body, range.start - from, range.end - from), { objectMode: false }),
          size,
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    stat,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: checkPrefix(prefix), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
