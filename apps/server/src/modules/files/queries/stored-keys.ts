import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { messages } from '../../../db/schema/messages';

/** What a deletion takes files' rows with: a project, a card (its own files and its messages'), a chat or a message. */
export type FileOwner = { projectId: string } | { cardId: string } | { chatId: string } | { messageId: string };

function ownedBy(db: Db, owner: FileOwner): SQL | undefined {
  if ('projectId' in owner) return eq(files.projectId, owner.projectId);
  if ('messageId' in owner) return eq(files.messageId, owner.messageId);
  if ('chatId' in owner) {
    return inArray(
      files.messageId,
      db.select({ id: messages.id }).from(messages).where(eq(messages.chatId, owner.chatId)),
    );
  }
  return or(
    eq(files.cardId, owner.cardId),
    inArray(files.messageId, db.select({ id: messages.id }).from(messages).where(eq(messages.cardId, owner.cardId))),
  );
}

/**
 * Storage keys (bytes and thumbnails) of the files that go with `owner`: read in the deletion's transaction, before
 * the rows cascade, so its domain event can name the objects to remove once it has committed.
 */
export async function storedKeysOf(db: Db, owner: FileOwner): Promise<string[]> {
  const rows = await db
    .select({ key: files.storageKey, thumbnail: files.thumbnailKey })
    .from(files)
    .where(ownedBy(db, owner));
  return rows.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));
}
