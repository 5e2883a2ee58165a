import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { formatFileSize } from '@deckhand/contract/files';
import { projectLimits } from '@deckhand/contract/projects';
import type { ImportKind, ImportQueued } from '@deckhand/contract/transfer';
import type { Multipart } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projectImports } from '../../../db/schema/transfer';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { uuidv7 } from '../../../platform/ids';
import { importKey } from '../service/import-dto';
import { importJobOptions, importQueue } from '../service/queues';

export function importTooLarge(maxBytes: number): AppError {
  return new AppError(
    'imports/too-large',
    `This file is larger than ${formatFileSize(maxBytes)}, the most an import takes`,
  );
}

/** Counts the upload's bytes on its way to storage (over the limit it fails) and keeps its first few. */
class ImportMeter extends Transform {
  size = 0;
  head = Buffer.alloc(0);

  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.byteLength;
    if (this.size > this.maxBytes) {
      callback(importTooLarge(this.maxBytes));
      return;
    }
    if (this.head.length < 64) this.head = Buffer.concat([this.head, chunk.subarray(0, 64 - this.head.length)]);
    callback(null, chunk);
  }
}

/** A zip starts with a local file header; a Trello export is a JSON object. Anything else is neither. */
function kindOf(head: Buffer): ImportKind | undefined {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'deckhand';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('{')) return 'trello';
  return undefined;
}

function invalid(message: string): AppError {
  return new AppError('request/invalid', message);
}

/** Busboy's complaints about a broken or cut-off body are the client's doing: a 400, not a 500. */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof Error && 'code' in err && typeof err.code === 'string' && err.code.startsWith('FST_')) {
    return invalid(`The upload could not be read: ${err.message}`);
  }
  if (err instanceof Error && /unexpected end|terminated early|premature close|aborted/i.test(err.message)) {
    return invalid('The upload was cut off before its end');
  }
  return err;
}

/**
 * Receives an import's file (a part `file`, and an optional field `name` before it) into storage and queues the
 * job that reads it. The file's kind is told by its first bytes, never by its name or type; one that is neither
 * a zip nor JSON is refused at once, and so is one over IMPORT_MAX_BYTES (nothing of it kept).
 * @throws imports/too-large · imports/unsupported-file · imports/missing-file · request/invalid
 */
export async function startImport(
  deps: Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'config'>,
  actor: Actor,
  input: { parts: AsyncIterable<Multipart>; tooLarge: boolean },
): Promise<ImportQueued> {
  const maxBytes = deps.config.importMaxBytes;
  if (input.tooLarge) throw importTooLarge(maxBytes);
  const id = uuidv7();
  const key = importKey(id);
  let name: string | null = null;
  let received: { kind: ImportKind; fileName: string } | undefined;
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'name') continue;
        const value = String(part.value).trim();
        if (value.length > projectLimits.nameMaxLength) {
          throw invalid(`name: at most ${projectLimits.nameMaxLength} characters`);
        }
        name = value || null;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw invalid(received ? 'Send one file per import' : `Unexpected file part "${part.fieldname}": name it file`);
      }
      const meter = new ImportMeter(maxBytes);
      pipeline(part.file, meter, () => {});
      await deps.storage.put(key, meter);
      const kind = kindOf(meter.head);
      if (!kind) {
        throw new AppError(
          'imports/unsupported-file',
          'This file is neither a Deckhand export (.zip) nor a Trello board export (.json)',
        );
      }
      received = {
        kind,
        fileName: part.filename?.slice(0, 255) || (kind === 'deckhand' ? 'export.zip' : 'board.json'),
      };
    }
    if (!received)
      throw new AppError('imports/missing-file', 'file: missing (send the file as a multipart part named file)');
    await deps.db.insert(projectImports).values({
      id,
      userId: actor.userId,
      kind: received.kind,
      name,
      fileName: received.fileName,
      uploadKey: key,
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw asClientError(err);
  }
  try {
    await deps.jobs.send(importQueue, { import_id: id }, new Date(), importJobOptions);
  } catch (err) {
    await deps.db.delete(projectImports).where(eq(projectImports.id, id));
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  return { id };
}
