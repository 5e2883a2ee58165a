import type { Db } from '../../../db/client';
import { chats } from '../../../db/schema/cards';

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
  if (rows.length === 0) return;
  await db.insert(chats).values(rows);
}
