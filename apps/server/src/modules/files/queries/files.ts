import type { FileList, FileListQuery, StoredFile } from '@deckhand/contract/files';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { profiles } from '../../../db/schema/profiles';
import { requireMembership } from '../../projects/queries/access';
import { fileNotFound, requireFileAccess } from '../service/access';
import { fileColumns, toFileDto, uploaderJoin } from '../service/file-dto';
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
