import type { ActivityChanges, ActivityPerson, ActivityVerb } from '@deckhand/contract/activity';
import type { Db } from '../../../db/client';
import { activities } from '../../../db/schema/activity';

export interface ImportedActivity {
  id: string;
  projectId: string;
  cardId: string | null;
  taskId: string | null;
  chatId: string | null;
  fileId: string | null;
  actorId: string | null;
  actorName: string | null;
  verb: ActivityVerb;
  subject: string;
  changes: ActivityChanges;
  member: ActivityPerson | null;
  createdAt: Date;
}

/** Writes an imported history as it was recorded (modules/transfer): its entries keep their times and names. */
export async function importActivity(db: Db, rows: ImportedActivity[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(activities).values(rows);
}
