import type { Readable } from 'node:stream';
import type {
  ExportActivity,
  ExportCard,
  ExportChat,
  ExportFile,
  ExportMember,
  ExportMessage,
  ExportProject,
  ExportStatus,
  ExportTask,
} from '@deckhand/contract/transfer';

/**
 * What an import reads, whatever the file was: a Deckhand export (read from its zip as it goes) or a Trello
 * board (converted in memory). The kinds come in the order they are written: each refers only to kinds before
 * it, and files' metadata come first because messages and bodies name them.
 */
export interface ImportSource {
  project: ExportProject;
  members: ExportMember[];
  statuses: ExportStatus[];
  files: ExportFile[];
  /** Rows in all plus file bytes / 64 KiB: the progress bar's whole. */
  units: number;
  warnings: string[];
  cards(): AsyncIterable<ExportCard>;
  chats(): AsyncIterable<ExportChat>;
  messages(): AsyncIterable<ExportMessage>;
  tasks(): AsyncIterable<ExportTask>;
  activity(): AsyncIterable<ExportActivity>;
  /** A file's bytes (`path` of its record). */
  openFile(file: ExportFile): Promise<Readable>;
  close(): void;
}

export async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}
