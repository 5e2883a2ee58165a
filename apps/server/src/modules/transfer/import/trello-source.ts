import type { ObjectStorage } from '../../../platform/storage/storage';
import { fromTrello } from '../trello/from-trello';
import { parseTrelloBoard, TrelloRefusal } from '../trello/trello-board';
import { each, type ImportSource } from './import-source';
import { readJsonFile } from './json-lines';
import type { Importer } from './people';
import { ImportRefusal } from './refusal';

/** A Trello board's JSON is read whole (boards of thousands of cards are tens of megabytes), up to this size. */
const trelloMaxBytes = 256 * 1024 * 1024;

/** A Trello board export in storage, converted to what an import writes (trello/from-trello.ts). */
export async function openTrelloSource(
  storage: ObjectStorage,
  key: string,
  importer: Importer,
  fileName: string,
): Promise<ImportSource> {
  const object = await storage.get(key);
  if (!object) throw new Error('the uploaded file is gone');
  if (object.size > trelloMaxBytes) {
    object.body.destroy();
    throw new ImportRefusal('This Trello export is larger than 256 MB: export the board in parts.');
  }
  const value = await readJsonFile(object.body, fileName, trelloMaxBytes);
  try {
    const board = parseTrelloBoard(value);
    const converted = fromTrello(
      board,
      { user_id: importer.userId, name: importer.name, email: importer.email },
      fileName,
    );
    return {
      project: converted.project,
      members: converted.members,
      statuses: converted.statuses,
      files: [],
      units: converted.cards.length + converted.chats.length + converted.messages.length + converted.tasks.length,
      warnings: converted.warnings,
      cards: () => each(converted.cards),
      chats: () => each(converted.chats),
      messages: () => each(converted.messages),
      tasks: () => each(converted.tasks),
      activity: () => each([]),
      openFile: () => Promise.reject(new Error('a Trello import has no files')),
      close: () => {},
    };
  } catch (err) {
    if (err instanceof TrelloRefusal) throw new ImportRefusal(err.message);
    throw err;
  }
}
