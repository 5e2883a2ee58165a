import type { StoredFile } from '@deckhand/contract/files';
import { type SQL, sql } from 'drizzle-orm';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { files } from '../../../db/schema/files';
import { profiles } from '../../../db/schema/profiles';
import type { FileRef } from '../events';
import type { FileLinks } from '../queries/file-links';

/** The columns a file answer is made of; select them `from(files)` with `leftJoin(profiles, uploaderJoin)`. */
export const fileColumns = {
  id: files.id,
  projectId: files.projectId,
  cardId: files.cardId,
  messageId: files.messageId,
  uploaderId: files.uploaderId,
  uploaderName: sql<string>`coalesce(${profiles.name}, ${files.uploaderName})`,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  width: files.width,
  height: files.height,
  thumbnailKey: files.thumbnailKey,
  createdAt: isoTimestamp(files.createdAt),
};

export const uploaderJoin: SQL = sql`${profiles.userId} = ${files.uploaderId}`;

export interface FileRow {
  id: string;
  projectId: string;
  cardId: string | null;
  messageId: string | null;
  uploaderId: string | null;
  uploaderName: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
  createdAt: string;
}

export function toFileDto(row: FileRow, links: FileLinks): StoredFile {
  return {
    id: row.id,
    project_id: row.projectId,
    card_id: row.cardId,
    message_id: row.messageId,
    name: row.name,
    content_type: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    url: links.url(row.id, 'content'),
    thumbnail_url: row.thumbnailKey ? links.url(row.id, 'thumbnail') : null,
    uploaded_by: { user_id: row.uploaderId, name: row.uploaderName },
    created_at: row.createdAt,
  };
}

/** The file as its domain events carry it. */
export function toFileRef(file: StoredFile): FileRef {
  return {
    id: file.id,
    projectId: file.project_id,
    cardId: file.card_id,
    messageId: file.message_id,
    name: file.name,
    contentType: file.content_type,
  };
}
