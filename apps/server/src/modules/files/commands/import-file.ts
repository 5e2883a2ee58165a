import { pipeline, type Readable } from 'node:stream';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { safeFileName } from '../service/safe-name';
import { sniffBytes } from '../service/sniff';
import { describeStoredBytes, thumbnailPrefix, uploadPrefix } from '../service/upload';
import { UploadMeter } from '../service/upload-stream';

export interface ImportedFile {
  id: string;
  projectId: string;
  cardId: string | null;
  messageId: string | null;
  uploaderId: string | null;
  uploaderName: string;
  name: string;
  createdAt: Date;
}

/** Where an imported file's bytes and thumbnail are stored: what to remove if its import is rolled back. */
export function importedFileKeys(fileId: string): string[] {
  return [`${uploadPrefix}${fileId}`, `${thumbnailPrefix}${fileId}`];
}

/**
 * Stores an imported file's bytes as an upload's are (through the size meter, type sniffed from the bytes,
 * thumbnail for images) and records its row (modules/transfer). No event: the import announces the project once.
 * On failure nothing of it stays stored. Resolves with the stored size.
 */
export async function importFile(
  deps: { db: Db; storage: ObjectStorage; maxBytes: number },
  file: ImportedFile,
  body: Readable,
): Promise<number> {
  const { db, storage } = deps;
  const [key, thumbnailKey] = importedFileKeys(file.id) as [string, string];
  try {
    const meter = new UploadMeter(deps.maxBytes, sniffBytes);
    pipeline(body, meter, () => {});
    const { size } = await storage.put(key, meter);
    const facts = await describeStoredBytes(storage, file.id, key, { head: meter.head, size });
    await db.insert(files).values({
      ...file,
      name: safeFileName(file.name),
      contentType: facts.contentType,
      size,
      width: facts.width,
      height: facts.height,
      storageKey: key,
      thumbnailKey: facts.thumbnailKey,
    });
    return size;
  } catch (err) {
    await storage.delete(key).catch(() => {});
    await storage.delete(thumbnailKey).catch(() => {});
    throw err;
  }
}
