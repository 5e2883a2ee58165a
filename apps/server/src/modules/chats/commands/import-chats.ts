import { insertBulk } from '../../../db/bulk-insert';
import type { Db } from '../../../db/client';

export interface ImportedChat {
  id: string;
  cardId: string;
  projectId: string;
  name: string;
  createdBy: string | null;
  createdByName: string;
  createdAt: Date;
  lastMessageAt: Date | null;
}

/** Writes imported chats as they were (modules/transfer); no events, as for the cards they belong to. */
export async function importChats(db: Db, rows: ImportedChat[]): Promise<void> {
  await insertBulk(db, 'chats', [
    { name: 'id', type: 'uuid', values: rows.map((row) => row.id) },
    { name: 'card_id', type: 'uuid', values: rows.map((row) => row.cardId) },
    { name: 'project_id', type: 'uuid', values: rows.map((row) => row.projectId) },
    { name: 'name', type: 'text', values: rows.map((row) => row.name) },
    { name: 'created_by', type: 'uuid', values: rows.map((row) => row.createdBy) },
    { name: 'created_by_name', type: 'text', values: rows.map((row) => row.createdByName) },
    { name: 'created_at', type: 'timestamptz', values: rows.map((row) => row.createdAt) },
    { name: 'last_message_at', type: 'timestamptz', values: rows.map((row) => row.lastMessageAt) },
  ]);
}
