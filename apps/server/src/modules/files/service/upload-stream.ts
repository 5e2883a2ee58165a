import { Transform, type TransformCallback } from 'node:stream';
import { formatFileSize } from '@deckhand/contract/files';
import { AppError } from '../../../platform/errors';

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError('files/too-large', `This file is larger than ${formatFileSize(maxBytes)}`);
}

/**
 * Passes an upload through on its way to storage, counting its bytes (over `maxBytes` it fails, and storage
 * keeps nothing) and keeping a copy of its first `headBytes` for sniffing and the image header.
 */
export class UploadMeter extends Transform {
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;

  private readonly maxBytes: number;
  private readonly headBytes: number;

  constructor(maxBytes: number, headBytes: number) {
    super();
    this.maxBytes = maxBytes;
    this.headBytes = headBytes;
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks, this.headSize);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.byteLength;
    if (this.size > this.maxBytes) {
      callback(fileTooLarge(this.maxBytes));
      return;
    }
    if (this.headSize < this.headBytes) {
      const part = chunk.subarray(0, this.headBytes - this.headSize);
      // A copy: the chunk's memory may be reused once it has been passed on.
      this.headChunks.push(Buffer.from(part));
      this.headSize += part.byteLength;
    }
    callback(null, chunk);
  }
}
