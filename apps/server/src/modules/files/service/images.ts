import { Readable } from 'node:stream';
import { fileLimits, inlineImageTypes } from '@deckhand/contract/files';
import type { ObjectStorage } from '../../../platform/storage/storage';

/** sharp (libvips) is loaded with the first image, not at start: most instances go a while without one. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/** Images larger than this (in bytes) get their size read but no thumbnail: sharp holds its input in memory. */
const thumbnailInputMaxBytes = 40 * 1024 * 1024;

export interface ImageFacts {
  width: number;
  height: number;
  /** Over 50 megapixels: a decompression bomb, stored as a plain file and never decoded. */
  bomb: boolean;
  /** Small enough to make a thumbnail of (not a bomb, and not too many bytes to hold). */
  thumbnailable: boolean;
}

export function isInlineImage(contentType: string): boolean {
  return (inlineImageTypes as readonly string[]).includes(contentType);
}

/**
 * Width and height as shown (EXIF orientation applied), read from the header bytes only: nothing is decoded, so a
 * 100,000 × 100,000 pixel PNG costs no more than any other. Undefined when the header cannot be read.
 */
export async function readImageFacts(head: Buffer, size: number): Promise<ImageFacts | undefined> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    const { width, height } = meta.autoOrient;
    if (!width || !height) return undefined;
    const bomb = width * height > fileLimits.imageMaxPixels;
    return { width, height, bomb, thumbnailable: !bomb && size <= thumbnailInputMaxBytes };
  } catch {
    return undefined;
  }
}

/**
 * A WebP of at most 400 px on the long side, made from the stored image as it streams out of storage and stored
 * under `thumbnailKey`. Resolves false when the image turns out not to decode (a corrupt file is kept without a
 * thumbnail); limitInputPixels guards against a header that lied about its size.
 */
export async function storeThumbnail(storage: ObjectStorage, key: string, thumbnailKey: string): Promise<boolean> {
  const original = await storage.get(key);
  if (!original) return false;
  const side = fileLimits.thumbnailMaxSide;
  const sharp = await loadSharp();
  const resize = sharp({ limitInputPixels: fileLimits.imageMaxPixels, failOn: 'error' })
    .autoOrient()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  original.body.on('error', (err) => resize.destroy(err));
  original.body.pipe(resize);
  let thumbnail: Buffer;
  try {
    thumbnail = await resize.toBuffer();
  } catch {
    original.body.destroy();
    return false;
  }
  await storage.put(thumbnailKey, Readable.from([thumbnail]), { contentType: 'image/webp' });
  return true;
}
