import type { StoredFile } from '@deckhand/contract/files';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { profiles } from '../../../db/schema/profiles';
import { fileColumns, toFileDto, uploaderJoin } from '../service/file-dto';
import type { FileLinks } from './file-links';

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
