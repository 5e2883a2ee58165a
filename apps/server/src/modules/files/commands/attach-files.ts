import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { AppError } from '../../../platform/errors';

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
