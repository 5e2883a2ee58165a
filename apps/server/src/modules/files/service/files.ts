import type { FileList, FileListQuery, StoredFile } from '@deckhand/contract/files';
import { and, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { requireMembership } from '../../projects/service/access';
import { canDeleteFile } from '../policy';
import { type FileAccess, fileForbidden, fileNotFound, requireFileAccess } from './access';
import { fileColumns, toFileDto, uploaderJoin } from './file-dto';
import type { FileLinks } from './file-links';

/** One file, without an access check (the caller made one). @throws files/not-found */
export async function readFile(db: Db, links: FileLinks, fileId: string): Promise<StoredFile> {
  const [row] = await db.select(fileColumns).from(files).leftJoin(profiles, uploaderJoin).where(eq(files.id, fileId));
  if (!row) throw fileNotFound();
  return toFileDto(row, links);
}

/** @throws files/not-found */
export async function getFile(db: Db, links: FileLinks, userId: string, fileId: string): Promise<StoredFile> {
  await requireFileAccess(db, fileId, userId);
  return readFile(db, links, fileId);
}

/** A project's files (or one card's), newest first. @throws projects/not-found */
export async function listFiles(
  db: Db,
  links: FileLinks,
  userId: string,
  projectId: string,
  query: FileListQuery,
): Promise<FileList> {
  await requireMembership(db, projectId, userId);
  const rows = await db
    .select(fileColumns)
    .from(files)
    .leftJoin(profiles, uploaderJoin)
    .where(
      and(
        eq(files.projectId, projectId),
        query.card_id ? eq(files.cardId, query.card_id) : undefined,
        query.cursor ? lt(files.id, query.cursor) : undefined,
      ),
    )
    .orderBy(desc(files.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toFileDto(row, links)),
    next_cursor: rows.length > query.limit && last ? last.id : null,
  };
}

/** The files of these messages, oldest first per message. */
export async function filesOfMessages(
  db: Db,
  links: FileLinks,
  messageIds: string[],
): Promise<Map<string, StoredFile[]>> {
  const byMessage = new Map<string, StoredFile[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select(fileColumns)
    .from(files)
    .leftJoin(profiles, uploaderJoin)
    .where(inArray(files.messageId, messageIds))
    .orderBy(files.id);
  for (const row of rows) {
    if (!row.messageId) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push(toFileDto(row, links));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/**
 * Attaches files to a new message, in the message's transaction: each must be of the message's project, uploaded
 * by its author and not attached to another message or card. They then belong to the message's card too.
 * @throws request/invalid (naming the files that cannot be attached)
 */
export async function attachFilesToMessage(
  db: Db,
  target: { projectId: string; cardId: string; messageId: string; authorId: string },
  fileIds: string[],
): Promise<void> {
  const wanted = [...new Set(fileIds)];
  if (wanted.length === 0) return;
  const attached = await db
    .update(files)
    .set({ messageId: target.messageId, cardId: target.cardId })
    .where(
      and(
        inArray(files.id, wanted),
        eq(files.projectId, target.projectId),
        eq(files.uploaderId, target.authorId),
        isNull(files.messageId),
        or(isNull(files.cardId), eq(files.cardId, target.cardId)),
      ),
    )
    .returning({ id: files.id });
  if (attached.length !== wanted.length) {
    const ok = new Set(attached.map((row) => row.id));
    const refused = wanted.filter((id) => !ok.has(id));
    throw new AppError(
      'request/invalid',
      `file_ids: not files you uploaded to this project that are free to attach: ${refused.join(', ')}`,
    );
  }
}

/** Storage keys of the files that go with a card or a message: read before it is deleted (the rows cascade). */
export async function storedKeysOf(db: Db, owner: { cardId: string } | { messageId: string }): Promise<string[]> {
  const where: SQL | undefined =
    'cardId' in owner
      ? or(
          eq(files.cardId, owner.cardId),
          inArray(
            files.messageId,
            db.select({ id: messages.id }).from(messages).where(eq(messages.cardId, owner.cardId)),
          ),
        )
      : eq(files.messageId, owner.messageId);
  const rows = await db.select({ key: files.storageKey, thumbnail: files.thumbnailKey }).from(files).where(where);
  return rows.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));
}

/**
 * Removes objects whose rows are gone. A failure is left to the sweep (sweep.ts) rather than failing the deletion
 * the person asked for, which has already happened.
 */
export async function removeStoredObjects(storage: ObjectStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** @throws files/not-found · files/forbidden (not its uploader, nor an admin or the owner) */
export async function deleteFile(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  fileId: string,
): Promise<FileAccess & { cardId: string | null; messageId: string | null }> {
  const access = await requireFileAccess(db, fileId, userId);
  if (!canDeleteFile(access.role, access.uploaderId === userId)) {
    throw fileForbidden('Only its uploader, an admin or the owner can delete a file');
  }
  const [row] = await db
    .delete(files)
    .where(eq(files.id, fileId))
    .returning({ cardId: files.cardId, messageId: files.messageId });
  if (!row) throw fileNotFound();
  await removeStoredObjects(
    storage,
    access.thumbnailKey ? [access.storageKey, access.thumbnailKey] : [access.storageKey],
  );
  return { ...access, ...row };
}

export interface FileDownload {
  storageKey: string;
  thumbnailKey: string | null;
  name: string;
  contentType: string;
  /** Null for an image that was never decoded (a bomb or a corrupt file): it is not shown inline. */
  width: number | null;
}

/** What a signed link serves; no membership check: the signature is the permission. @throws files/not-found */
export async function readDownload(db: Db, fileId: string): Promise<FileDownload> {
  const [row] = await db
    .select({
      storageKey: files.storageKey,
      thumbnailKey: files.thumbnailKey,
      name: files.name,
      contentType: files.contentType,
      width: files.width,
    })
    .from(files)
    .where(eq(files.id, fileId));
  if (!row) throw fileNotFound();
  return row;
}
