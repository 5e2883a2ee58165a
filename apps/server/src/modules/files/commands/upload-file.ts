import type { StoredFile } from '@deckhand/contract/files';
import type { Multipart } from '@fastify/multipart';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { toFileRef } from '../service/file-dto';
import { receiveUpload } from '../service/upload';

export type UploadFileDeps = CommandDeps & Pick<AppDeps, 'storage' | 'fileLinks' | 'config'>;

/**
 * Streams one multipart upload into storage, then records its row; records `file.uploaded` once the row is in.
 * @throws projects/not-found · files/forbidden (viewers) · files/too-large · request/invalid
 */
export async function uploadFile(
  deps: UploadFileDeps,
  actor: Actor,
  input: {
    projectId: string;
    parts: AsyncIterable<Multipart>;
    /** The body's declared length is already far over the limit: refused before a byte of it is read. */
    tooLarge: boolean;
  },
): Promise<StoredFile> {
  const { db, storage, fileLinks: links, config } = deps;
  const file = await receiveUpload(
    { db, storage, links, maxBytes: config.fileMaxBytes },
    actor.userId,
    input.projectId,
    {
      parts: input.parts,
      tooLarge: input.tooLarge,
    },
  );
  await deps.events.committed([{ type: 'file.uploaded', actor, file: toFileRef(file) }]);
  return file;
}
