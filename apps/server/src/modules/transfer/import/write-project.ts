import { messageLimits } from '@deckhand/contract/messages';
import type { ImportCounts } from '@deckhand/contract/transfer';
import type { Db } from '../../../db/client';
import { collectGarbage } from '../../../platform/collect-garbage';
import { uuidv7 } from '../../../platform/ids';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { type ImportedActivity, importActivity } from '../../activity/commands/import-activity';
import { type ImportedCard, importCards, withinBodyBound } from '../../cards/commands/import-cards';
import { type ImportedChat, importChats } from '../../chats/commands/import-chats';
import { type ImportedFile, importFile } from '../../files/commands/import-file';
import { type ImportedMessage, importMessages } from '../../messages/commands/import-messages';
import { startImportedProject } from '../../projects/commands/import-project';
import { type ImportedTask, importStatuses, importTasks } from '../../tasks/commands/import-board';
import { remapBodyFileImages } from '../bodies/body-convert';
import { bytesPerUnit } from '../export/write-zip';
import { counted } from '../service/counted';
import type { Progress } from '../service/progress';
import type { ImportSource } from './import-source';
import type { Importer, People } from './people';
import { ImportRefusal } from './refusal';

/** Rows per insert: one statement each, so the embedded database serves other requests in between. */
const batchSize = 500;

/** Rows written between two full garbage collections: each costs tens of milliseconds (see collect-garbage.ts). */
const rowsPerCollection = 10_000;
// Counted across imports running at once: the heap they fill is the process's.
let rowsSinceCollection = 0;

export interface ImportTarget {
  db: Db;
  storage: ObjectStorage;
  fileMaxBytes: number;
  projectId: string;
  /** The name asked for, else the file's. */
  name: string | null;
  importer: Importer;
  people: People;
  progress: Progress;
}

/** Collects rows and writes them a batch at a time. */
function batcher<T>(write: (rows: T[]) => Promise<void>) {
  let rows: T[] = [];
  return {
    async add(row: T) {
      rows.push(row);
      if (rows.length >= batchSize) await this.flush();
    },
    async flush() {
      const batch = rows;
      rows = [];
      await write(batch);
      rowsSinceCollection += batch.length;
      if (rowsSinceCollection >= rowsPerCollection) {
        rowsSinceCollection = 0;
        collectGarbage();
      }
    },
  };
}

/** "1 reaction by people without an account here was left out." / "3 reactions … were …". */
function leftOut(count: number, noun: string, preposition: string): string {
  const [nouns, verb] = count === 1 ? [noun, 'was'] : [`${noun}s`, 'were'];
  return `${count} ${nouns} ${preposition} people without an account here ${verb} left out.`;
}

function date(value: string): Date {
  return new Date(value);
}

/**
 * Writes what the source holds into a new project, `projectId`, with new ids and every reference between the
 * imported things kept. Checks each reference as it goes: one to something the file does not hold refuses the
 * import (the caller removes what was written). Resolves with the counts written.
 */
export async function writeImportedProject(source: ImportSource, target: ImportTarget): Promise<ImportCounts> {
  const { db, projectId, people, importer, progress } = target;
  const warnings = source.warnings;
  const author = (person: { user_id: string | null; name: string }) => {
    const local = people.local(person.user_id);
    return { id: local ?? null, name: person.name };
  };
  const mapped = (ids: string[]) => ids.flatMap((id) => people.local(id) ?? []);

  await startImportedProject(db, {
    id: projectId,
    name: target.name ?? source.project.name,
    description: source.project.description,
    createdAt: date(source.project.created_at),
    updatedAt: date(source.project.updated_at),
  });

  // Columns.
  const statusIds = new Map<string, string>();
  const statusDone = new Map<string, boolean>();
  const names = new Set<string>();
  for (const status of source.statuses) {
    const name = status.name.toLowerCase();
    if (names.has(name)) throw new ImportRefusal(`statuses.json names the column “${status.name}” twice.`);
    names.add(name);
    statusIds.set(status.id, uuidv7());
    statusDone.set(status.id, status.category === 'done');
  }
  if (statusIds.size === 0) throw new ImportRefusal('statuses.json holds no column: a board needs at least one.');
  await importStatuses(
    db,
    projectId,
    source.statuses.map((status) => ({
      id: statusIds.get(status.id) as string,
      name: status.name,
      color: status.color,
      category: status.category,
      wipLimit: status.wip_limit,
    })),
  );

  // File ids first: bodies and messages name files.
  const fileIds = new Map<string, string>(source.files.map((file) => [file.id, uuidv7()]));

  const cardIds = new Map<string, string>();
  const cards = batcher<ImportedCard>((rows) => importCards(db, rows));
  for await (const card of source.cards()) {
    if (cardIds.has(card.id)) throw new ImportRefusal(`cards.json holds the card ${card.id} twice.`);
    const id = uuidv7();
    cardIds.set(card.id, id);
    let bodyState: Uint8Array | null = null;
    if (card.body_yjs) {
      const state = new Uint8Array(Buffer.from(card.body_yjs, 'base64'));
      const unusable = () =>
        new ImportRefusal(`cards.json: the body of “${card.title}” is not a card body this server can keep.`);
      if (!withinBodyBound(state)) throw unusable();
      let remapped: ReturnType<typeof remapBodyFileImages>;
      try {
        // Reading the state is also its check: what Yjs cannot apply is no body.
        remapped = remapBodyFileImages(state, fileIds);
      } catch {
        throw unusable();
      }
      if (remapped.missing.length) {
        throw new ImportRefusal(`cards.json: the body of “${card.title}” shows a file that files.json does not hold.`);
      }
      bodyState = remapped.state;
    }
    const by = author(card.created_by);
    await cards.add({
      id,
      projectId,
      title: card.title,
      archivedAt: card.archived ? date(card.updated_at) : null,
      createdBy: by.id,
      createdByName: by.name,
      createdAt: date(card.created_at),
      updatedAt: date(card.updated_at),
      bodyState,
    });
    progress.advance(1);
  }
  await cards.flush();

  const chatIds = new Map<string, { id: string; cardId: string }>();
  const chats = batcher<ImportedChat>((rows) => importChats(db, rows));
  for await (const chat of source.chats()) {
    const cardId = cardIds.get(chat.card_id);
    if (!cardId)
      throw new ImportRefusal(`chats.json: the chat “${chat.name}” belongs to a card the file does not hold.`);
    if (chatIds.has(chat.id)) throw new ImportRefusal(`chats.json holds the chat ${chat.id} twice.`);
    const id = uuidv7();
    chatIds.set(chat.id, { id, cardId });
    const by = author(chat.created_by);
    await chats.add({
      id,
      cardId,
      projectId,
      name: chat.name,
      createdBy: by.id,
      createdByName: by.name,
      createdAt: date(chat.created_at),
      lastMessageAt: chat.last_message_at ? date(chat.last_message_at) : null,
    });
    progress.advance(1);
  }
  await chats.flush();

  const messageIds = new Map<string, string>();
  const messages = batcher<ImportedMessage>((rows) => importMessages(db, rows));
  let droppedReactions = 0;
  for await (const message of source.messages()) {
    const chat = chatIds.get(message.chat_id);
    if (!chat || cardIds.get(message.card_id) !== chat.cardId) {
      throw new ImportRefusal(`messages.json: the message ${message.id} belongs to a chat the file does not hold.`);
    }
    if (messageIds.has(message.id)) throw new ImportRefusal(`messages.json holds the message ${message.id} twice.`);
    for (const fileId of message.file_ids) {
      if (!fileIds.has(fileId)) {
        throw new ImportRefusal(
          `messages.json: the message ${message.id} carries a file that files.json does not hold.`,
        );
      }
    }
    const id = uuidv7();
    messageIds.set(message.id, id);
    const by = author(message.author);
    const reactions = message.reactions
      .map((reaction) => {
        const userIds = mapped(reaction.user_ids);
        droppedReactions += reaction.user_ids.length - userIds.length;
        return { emoji: reaction.emoji, userIds };
      })
      .filter((reaction) => reaction.userIds.length > 0);
    await messages.add({
      id,
      chatId: chat.id,
      cardId: chat.cardId,
      projectId,
      // A message needs an account as its author: the importer's, with the writer's name in the text.
      authorId: by.id ?? importer.userId,
      authorName: by.id ? by.name : importer.name,
      text: by.id
        ? message.text
        : `Originally by ${message.author.name}\n\n${message.text}`.slice(0, messageLimits.textMaxLength),
      mentions: mapped(message.mentions),
      createdAt: date(message.created_at),
      editedAt: message.edited_at ? date(message.edited_at) : null,
      reactions,
    });
    progress.advance(1);
  }
  await messages.flush();
  if (droppedReactions > 0) {
    warnings.push(leftOut(droppedReactions, 'reaction', 'by'));
  }

  let fileCount = 0;
  for (const file of source.files) {
    const id = fileIds.get(file.id) as string;
    const cardId = file.card_id === null ? null : cardIds.get(file.card_id);
    const messageId = file.message_id === null ? null : messageIds.get(file.message_id);
    if (cardId === undefined || messageId === undefined) {
      throw new ImportRefusal(`files.json: “${file.name}” belongs to a card or message the file does not hold.`);
    }
    const by = author(file.uploaded_by);
    const record: ImportedFile = {
      id,
      projectId,
      cardId,
      messageId,
      uploaderId: by.id,
      uploaderName: by.name,
      name: file.name,
      createdAt: date(file.created_at),
    };
    const body = counted(await source.openFile(file), (bytes) => progress.advance(bytes / bytesPerUnit));
    await importFile({ db, storage: target.storage, maxBytes: target.fileMaxBytes }, record, body);
    fileCount += 1;
  }
  // What streaming the files left: their buffers are freed only when the objects holding them are collected.
  collectGarbage();

  const taskIds = new Map<string, string>();
  const lastKeys = new Map<string, string>();
  const tasks = batcher<ImportedTask>((rows) => importTasks(db, rows, lastKeys));
  let droppedAssignees = 0;
  for await (const task of source.tasks()) {
    const cardId = cardIds.get(task.card_id);
    const statusId = statusIds.get(task.status_id);
    if (!cardId || !statusId) {
      throw new ImportRefusal(
        `tasks.json: the task “${task.title}” belongs to a card or column the file does not hold.`,
      );
    }
    if (taskIds.has(task.id)) throw new ImportRefusal(`tasks.json holds the task ${task.id} twice.`);
    const id = uuidv7();
    taskIds.set(task.id, id);
    const assigneeIds = mapped(task.assignee_ids);
    droppedAssignees += task.assignee_ids.length - assigneeIds.length;
    const by = author(task.created_by);
    // Done exactly while in a done column, as everywhere else.
    const done = statusDone.get(task.status_id) === true;
    await tasks.add({
      id,
      projectId,
      cardId,
      statusId,
      title: task.title,
      assigneeIds: [...new Set(assigneeIds)],
      dueAt: task.due_at ? date(task.due_at) : null,
      priority: task.priority,
      labels: [...new Set(task.labels)],
      doneAt: done ? date(task.done_at ?? task.updated_at) : null,
      createdBy: by.id,
      createdByName: by.name,
      createdAt: date(task.created_at),
      updatedAt: date(task.updated_at),
    });
    progress.advance(1);
  }
  await tasks.flush();
  if (droppedAssignees > 0) {
    warnings.push(leftOut(droppedAssignees, 'assignment', 'of'));
  }

  // History: its ids are the file's order, and what it names is mapped where the file holds it.
  const history = batcher<ImportedActivity>((rows) => importActivity(db, rows));
  const statusNames = new Map(source.statuses.map((status) => [status.id, statusIds.get(status.id) as string]));
  for await (const entry of source.activity()) {
    const actor = entry.actor ? author(entry.actor) : null;
    const changes = { ...entry.changes };
    if (changes.status) {
      const remap = (status: { id: string; name: string } | null) =>
        status ? { id: statusNames.get(status.id) ?? status.id, name: status.name } : null;
      changes.status = { from: remap(changes.status.from), to: remap(changes.status.to) };
    }
    if (changes.assignees) {
      const remap = (list: { user_id: string; name: string }[]) =>
        list.map((person) => ({ user_id: people.local(person.user_id) ?? person.user_id, name: person.name }));
      changes.assignees = { from: remap(changes.assignees.from), to: remap(changes.assignees.to) };
    }
    await history.add({
      id: uuidv7(),
      projectId,
      cardId: entry.card_id ? (cardIds.get(entry.card_id) ?? null) : null,
      taskId: entry.task_id ? (taskIds.get(entry.task_id) ?? null) : null,
      chatId: entry.chat_id ? (chatIds.get(entry.chat_id)?.id ?? null) : null,
      fileId: entry.file_id ? (fileIds.get(entry.file_id) ?? null) : null,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      // The export format has no `via`: an imported entry reads as done in the app.
      via: null,
      verb: entry.verb,
      subject: entry.subject,
      changes,
      member: entry.member
        ? { user_id: people.local(entry.member.user_id) ?? entry.member.user_id, name: entry.member.name }
        : null,
      createdAt: date(entry.created_at),
    });
    progress.advance(1);
  }
  await history.flush();

  return {
    statuses: statusIds.size,
    cards: cardIds.size,
    chats: chatIds.size,
    messages: messageIds.size,
    tasks: taskIds.size,
    files: fileCount,
  };
}
