import { PassThrough, type Readable } from 'node:stream';
import {
  type ExportCounts,
  type ExportFile,
  type ExportManifest,
  type ExportProject,
  exportFormat,
  exportVersion,
} from '@deckhand/contract/transfer';
import { eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../../db/client';
import { projects } from '../../../db/schema/projects';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { counted } from '../service/counted';
import type { Progress } from '../service/progress';
import { jsonArrayEntry, jsonEntry } from './json-entry';
import {
  type FileToExport,
  readActivity,
  readCards,
  readChats,
  readFiles,
  readMembers,
  readMessages,
  readStatuses,
  readTasks,
} from './project-rows';

/** A file's bytes count as this many bytes of progress per unit, against one unit per row. */
export const bytesPerUnit = 64 * 1024;

export interface ExportTarget {
  db: Db;
  storage: ObjectStorage;
  projectId: string;
  key: string;
  progress: Progress;
}

/** Filters a stream of rows down to those whose references were written, and remembers the ids written. */
async function* kept<T extends { id: string }>(
  rows: AsyncIterable<T>,
  keep: (row: T) => boolean,
  progress: Progress,
  ids?: Set<string>,
): AsyncGenerator<T> {
  for await (const row of rows) {
    progress.advance(1);
    if (!keep(row)) continue;
    ids?.add(row.id);
    yield row;
  }
}

/**
 * Writes the project's zip to storage as it is read: each JSON file streams from paged reads, each file's bytes
 * straight from storage (stored, not compressed again: most are compressed already, and a zip bomb check on
 * import then never mistakes a file of zeros for one). People keep working during an export, so each kind is
 * read after the kinds it refers to and keeps only rows whose references were written: the zip never refers to
 * something it lacks. The manifest comes last, counting what was written. Resolves with the zip's size.
 */
export async function writeExportZip(target: ExportTarget): Promise<number> {
  const { db, storage, projectId, progress } = target;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Error('the project is gone');
  const zip = new ZipFile();
  const output = new PassThrough();
  (zip.outputStream as Readable).pipe(output);
  const stored = storage.put(target.key, output, { contentType: 'application/zip' });
  stored.catch(() => {});
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    output.on('error', reject);
  });
  failed.catch(() => {});
  const step = <T>(promise: Promise<T>) => Promise.race([promise, failed, stored.then(() => promise)]);

  const info: ExportProject = {
    id: project.id,
    name: project.name,
    description: project.description,
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  };
  zip.addBuffer(jsonEntry(info), 'project.json');
  const members = await readMembers(db, projectId);
  zip.addBuffer(jsonEntry(members), 'members.json');
  const statuses = await readStatuses(db, projectId);
  zip.addBuffer(jsonEntry(statuses), 'statuses.json');
  const statusIds = new Set(statuses.map((status) => status.id));

  const cardIds = new Set<string>();
  const cards = jsonArrayEntry(kept(readCards(db, projectId), () => true, progress, cardIds));
  zip.addReadStream(cards.stream, 'cards.json');
  const cardCount = await step(cards.written);

  const chatIds = new Set<string>();
  const chats = jsonArrayEntry(kept(readChats(db, projectId), (chat) => cardIds.has(chat.card_id), progress, chatIds));
  zip.addReadStream(chats.stream, 'chats.json');
  const chatCount = await step(chats.written);

  // Files' bytes before messages.json, so a message names only files whose bytes are in the zip.
  const candidates: FileToExport[] = [];
  for await (const file of readFiles(db, projectId)) {
    if (file.card_id === null || cardIds.has(file.card_id)) candidates.push(file);
  }
  const storedFiles: ExportFile[] = [];
  for (const file of candidates) {
    const object = await storage.get(file.storageKey);
    progress.advance(1);
    if (!object) continue; // deleted since it was listed
    const { storageKey: _key, ...record } = file;
    const body = counted(object.body, (bytes) => progress.advance(bytes / bytesPerUnit));
    const entry = new Promise<void>((resolve, reject) => {
      body.on('end', resolve);
      body.on('error', reject);
    });
    zip.addReadStream(body, file.path, { compress: false, size: object.size });
    await step(entry);
    storedFiles.push({ ...record, size: object.size });
  }
  const storedFileIds = new Set(storedFiles.map((file) => file.id));

  const messageIds = new Set<string>();
  const messages = jsonArrayEntry(
    kept(
      (async function* () {
        for await (const message of readMessages(db, projectId)) {
          yield { ...message, file_ids: message.file_ids.filter((id) => storedFileIds.has(id)) };
        }
      })(),
      (message) => chatIds.has(message.chat_id),
      progress,
      messageIds,
    ),
  );
  zip.addReadStream(messages.stream, 'messages.json');
  const messageCount = await step(messages.written);

  const files = storedFiles.filter((file) => file.message_id === null || messageIds.has(file.message_id));
  zip.addBuffer(jsonEntry(files), 'files.json');

  const tasks = jsonArrayEntry(
    kept(
      readTasks(db, projectId, [...statusIds]),
      (task) => cardIds.has(task.card_id) && statusIds.has(task.status_id),
      progress,
    ),
  );
  zip.addReadStream(tasks.stream, 'tasks.json');
  const taskCount = await step(tasks.written);

  const activity = jsonArrayEntry(kept(readActivity(db, projectId), () => true, progress));
  zip.addReadStream(activity.stream, 'activity.json');
  const activityCount = await step(activity.written);

  const counts: ExportCounts = {
    members: members.length,
    statuses: statuses.length,
    cards: cardCount,
    chats: chatCount,
    messages: messageCount,
    tasks: taskCount,
    files: files.length,
    activity: activityCount,
  };
  const manifest: ExportManifest = {
    format: exportFormat,
    version: exportVersion,
    exported_at: new Date().toISOString(),
    project: { id: project.id, name: project.name },
    counts,
  };
  zip.addBuffer(jsonEntry(manifest), 'manifest.json');
  zip.end();
  const { size } = await Promise.race([stored, failed]);
  return size;
}
