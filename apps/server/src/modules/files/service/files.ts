import type { FileList, FileListQuery, StoredFile } from '@deckhand/contract/files';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/service/access';
import { storedKeysOf as readStoredKeys } from '../queries/stored-keys';
import { fileNotFound, requireFileAccess } from './access';
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

/**
 * Storage keys of the files that go with a card or a message, read before it is deleted (the rows cascade). Kept
 * for the messages area's callers; new ones use queries/stored-keys.ts.
 */
export function storedKeysOf(db: Db, owner: { cardId: string } | { messageId: string }): Promise<string[]> {
  return readStoredKeys(db, owner);
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
