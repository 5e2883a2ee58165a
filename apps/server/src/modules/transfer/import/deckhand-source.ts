import {
  ExportActivity,
  ExportCard,
  ExportChat,
  ExportFile,
  ExportManifest,
  ExportMember,
  ExportMessage,
  ExportProject,
  ExportStatus,
  ExportTask,
  exportFormat,
  exportVersion,
} from '@deckhand/contract/transfer';
import { z } from 'zod';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { bytesPerUnit } from '../export/write-zip';
import type { ImportSource } from './import-source';
import { checked, readJsonArray, readJsonFile } from './json-lines';
import { ImportRefusal } from './refusal';
import { openStorageZip, type ZipArchive } from './storage-zip';

const FormatAndVersion = z.object({ format: z.unknown(), version: z.unknown() });

async function entryStream(zip: ZipArchive, name: string) {
  const entry = zip.entries.get(name);
  if (!entry) throw new ImportRefusal(`The export has no ${name}.`);
  return zip.open(entry);
}

async function readArray<T extends z.ZodType>(zip: ZipArchive, name: string, schema: T): Promise<z.infer<T>[]> {
  const rows: z.infer<T>[] = [];
  for await (const value of readJsonArray(await entryStream(zip, name), name)) {
    rows.push(checked(schema, value, `${name}, element ${rows.length + 1},`));
  }
  return rows;
}

function streamArray<T extends z.ZodType>(zip: ZipArchive, name: string, schema: T): () => AsyncGenerator<z.infer<T>> {
  return async function* () {
    let index = 0;
    for await (const value of readJsonArray(await entryStream(zip, name), name)) {
      index += 1;
      yield checked(schema, value, `${name}, element ${index},`);
    }
  };
}

function uniqueIds(rows: { id: string }[], name: string): void {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id)) throw new ImportRefusal(`${name} holds the id ${row.id} twice.`);
    seen.add(row.id);
  }
}

/**
 * A Deckhand export in storage: the zip's entries are checked first (storage-zip.ts), then the manifest's
 * format and version, then the small files (project, members, statuses, files) are read whole; the long ones
 * (cards, chats, messages, tasks, activity) stream as the import writes them.
 */
export async function openDeckhandSource(storage: ObjectStorage, key: string, maxBytes: number): Promise<ImportSource> {
  const zip = await openStorageZip(storage, key, maxBytes);
  try {
    const manifestValue = await readJsonFile(await entryStream(zip, 'manifest.json'), 'manifest.json', 1024 * 1024);
    const head = FormatAndVersion.safeParse(manifestValue);
    if (!head.success || head.data.format !== exportFormat) {
      throw new ImportRefusal(
        `manifest.json does not describe a Deckhand export (its format must be "${exportFormat}").`,
      );
    }
    if (typeof head.data.version !== 'number' || head.data.version > exportVersion) {
      throw new ImportRefusal(
        `This export is of version ${String(head.data.version)}, newer than this server reads (${exportVersion}): update Deckhand first.`,
      );
    }
    const manifest = checked(ExportManifest, manifestValue, 'manifest.json');
    const project = checked(
      ExportProject,
      await readJsonFile(await entryStream(zip, 'project.json'), 'project.json', 1024 * 1024),
      'project.json',
    );
    const members = await readArray(zip, 'members.json', ExportMember);
    const statuses = await readArray(zip, 'statuses.json', ExportStatus);
    const files = await readArray(zip, 'files.json', ExportFile);
    uniqueIds(statuses, 'statuses.json');
    uniqueIds(files, 'files.json');
    for (const file of files) {
      const entry = zip.entries.get(file.path);
      if (!entry || !file.path.startsWith(`files/${file.id}/`)) {
        throw new ImportRefusal(`files.json names ${file.path}, which the zip does not hold.`);
      }
    }
    const { counts } = manifest;
    const fileBytes = files.reduce((sum, file) => sum + (zip.entries.get(file.path)?.uncompressedSize ?? 0), 0);
    return {
      project,
      members,
      statuses,
      files,
      units: counts.cards + counts.chats + counts.messages + counts.tasks + counts.activity + fileBytes / bytesPerUnit,
      warnings: [],
      cards: streamArray(zip, 'cards.json', ExportCard),
      chats: streamArray(zip, 'chats.json', ExportChat),
      messages: streamArray(zip, 'messages.json', ExportMessage),
      tasks: streamArray(zip, 'tasks.json', ExportTask),
      activity: streamArray(zip, 'activity.json', ExportActivity),
      async openFile(file) {
        return entryStream(zip, file.path);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
