import { pipeline } from 'node:stream';
import type { StoredFile } from '@deckhand/contract/files';
import type { Multipart } from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { files } from '../../../db/schema/files';
import { AppError } from '../../../platform/errors';
import { uuidv7 } from '../../../platform/ids';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { profileNames } from '../../profile/queries/profiles';
import { requireMembership } from '../../projects/queries/access';
import { canUploadFiles } from '../policy';
import type { FileLinks } from '../queries/file-links';
import { readFile } from '../queries/files';
import { fileForbidden } from './access';
import { readImageFacts, storeThumbnail } from './images';
import { safeFileName } from './safe-name';
import { sniffBytes, sniffContentType } from './sniff';
import { fileTooLarge, UploadMeter } from './upload-stream';

export interface UploadDeps {
  db: Db;
  storage: ObjectStorage;
  links: FileLinks;
  maxBytes: number;
}

/** Where a project's uploads live in storage: the sweep (sweep.ts) lists these prefixes. */
export const uploadPrefix = 'uploads/';
export const thumbnailPrefix = 'thumbnails/';

interface ReceivedFile {
  name: string;
  size: number;
  head: Buffer;
}

function invalid(message: string): AppError {
  return new AppError('request/invalid', message);
}

/** Busboy's own complaints about a broken or cut-off body are the client's doing: a 400, not a 500. */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof Error && 'code' in err && typeof err.code === 'string' && err.code.startsWith('FST_')) {
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 400;
    if (status === 413) return invalid('Send one file per upload');
    return invalid(`The upload could not be read: ${err.message}`);
  }
  if (err instanceof Error && /unexpected end|terminated early|premature close|aborted/i.test(err.message)) {
    return invalid('The upload was cut off before its end');
  }
  return err;
}

async function requireProjectCard(db: Db, projectId: string, cardId: string): Promise<void> {
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId)));
  if (!card) throw invalid('card_id: not a card of this project');
}

/**
 * Receives one multipart upload (a part `file`, optionally a field `card_id` before or after it) and streams the
 * file into storage: over `maxBytes`, failed or cut off, nothing stays stored. Images get their size and a
 * thumbnail. @throws projects/not-found · files/forbidden (viewers) · files/too-large · request/invalid
 */
export async function receiveUpload(
  deps: UploadDeps,
  userId: string,
  projectId: string,
  request: {
    parts: AsyncIterable<Multipart>;
    /** The body's declared length is already far over the limit: refused before a byte of it is read. */
    tooLarge: boolean;
  },
): Promise<StoredFile> {
  const { db, storage } = deps;
  const role = await requireMembership(db, projectId, userId);
  if (!canUploadFiles(role)) throw fileForbidden('Viewers cannot upload files');
  if (request.tooLarge) throw fileTooLarge(deps.maxBytes);
  const { parts } = request;
  const fileId = uuidv7();
  const key = `${uploadPrefix}${fileId}`;
  let received: ReceivedFile | undefined;
  let cardId: string | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'card_id') continue;
        const parsed = z.uuid().safeParse(part.value);
        if (!parsed.success) throw invalid('card_id: must be a card id');
        cardId = parsed.data;
        // Checked before the file's bytes are read when the field comes first, as browsers send it.
        if (!received) await requireProjectCard(db, projectId, cardId);
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw invalid(received ? 'Send one file per upload' : `Unexpected file part "${part.fieldname}": name it file`);
      }
      const meter = new UploadMeter(deps.maxBytes, sniffBytes);
      // Errors reach put() through the meter: pipeline destroys it with the file stream's error.
      pipeline(part.file, meter, () => {});
      const { size } = await storage.put(key, meter);
      received = { name: safeFileName(part.filename ?? ''), size, head: meter.head };
    }
    if (!received) throw invalid('file: missing (send the file as a multipart part named file)');
    if (cardId) await requireProjectCard(db, projectId, cardId);
    return await recordFile(deps, { fileId, key, userId, projectId, cardId, received });
  } catch (err) {
    await storage.delete(key).catch(() => {});
    await storage.delete(`${thumbnailPrefix}${fileId}`).catch(() => {});
    throw asClientError(err);
  }
}

export interface StoredBytesFacts {
  contentType: string;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
}

/**
 * What stored bytes are, from their first bytes (never the sender's word), and for images their size and a
 * thumbnail stored beside them.
 */
export async function describeStoredBytes(
  storage: ObjectStorage,
  fileId: string,
  key: string,
  received: { head: Buffer; size: number },
): Promise<StoredBytesFacts> {
  const contentType = await sniffContentType(received.head);
  let width: number | null = null;
  let height: number | null = null;
  let thumbnailKey: string | null = null;
  if (contentType.startsWith('image/') && contentType !== 'image/svg+xml') {
    const facts = await readImageFacts(received.head, received.size);
    if (facts && !facts.bomb) ({ width, height } = facts);
    if (facts?.thumbnailable) {
      const candidate = `${thumbnailPrefix}${fileId}`;
      if (await storeThumbnail(storage, key, candidate)) thumbnailKey = candidate;
      // An image that does not decode is kept as a plain file, without the size its header claimed.
      else width = height = null;
    }
  }
  return { contentType, width, height, thumbnailKey };
}

async function recordFile(
  deps: UploadDeps,
  upload: {
    fileId: string;
    key: string;
    userId: string;
    projectId: string;
    cardId: string | null;
    received: ReceivedFile;
  },
): Promise<StoredFile> {
  const { db, storage } = deps;
  const { fileId, key, received } = upload;
  const { contentType, width, height, thumbnailKey } = await describeStoredBytes(storage, fileId, key, received);
  const uploaderName = (await profileNames(db, [upload.userId])).get(upload.userId) ?? 'User';
  await db.insert(files).values({
    id: fileId,
    projectId: upload.projectId,
    cardId: upload.cardId,
    uploaderId: upload.userId,
    uploaderName,
    name: received.name,
    contentType,
    size: received.size,
    width,
    height,
    storageKey: key,
    thumbnailKey,
  });
  return readFile(db, deps.links, fileId);
}
