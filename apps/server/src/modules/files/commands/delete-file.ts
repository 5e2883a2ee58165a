import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { files } from '../../../db/schema/files';
import type { Actor } from '../../../platform/actor';
import { canDeleteFile } from '../policy';
import { fileForbidden, fileNotFound, requireFileAccess } from '../service/access';

/**
 * Deletes a file's row; records `file.deleted` with its bytes' and thumbnail's keys, removed once it has committed.
 * @throws files/not-found · files/forbidden (not its uploader, nor an admin or the owner)
 */
export async function deleteFile(deps: CommandDeps, actor: Actor, input: { fileId: string }): Promise<void> {
  const { fileId } = input;
  const access = await requireFileAccess(deps.db, fileId, actor.userId);
  if (!canDeleteFile(access.role, access.uploaderId === actor.userId)) {
    throw fileForbidden('Only its uploader, an admin or the owner can delete a file');
  }
  // A transaction although one statement: the removal of the stored objects is written to the outbox with it.
  await deps.events.transaction(async ({ tx, emit }) => {
    const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning({
      id: files.id,
      projectId: files.projectId,
      cardId: files.cardId,
      messageId: files.messageId,
      name: files.name,
      contentType: files.contentType,
      storageKey: files.storageKey,
      thumbnailKey: files.thumbnailKey,
    });
    if (!row) throw fileNotFound();
    const { storageKey, thumbnailKey, ...file } = row;
    emit({ type: 'file.deleted', actor, file, storageKeys: thumbnailKey ? [storageKey, thumbnailKey] : [storageKey] });
  });
}
