import type { ActivityChanges, ActivityPerson, ActivityVerb } from '@deckhand/contract/activity';
import type { Db } from '../../../db/client';
import { insertUnnested } from '../../../db/unnest-insert';

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
  await insertUnnested(db, 'activities', [
    { name: 'id', type: 'uuid', values: rows.map((row) => row.id) },
    { name: 'project_id', type: 'uuid', values: rows.map((row) => row.projectId) },
    { name: 'card_id', type: 'uuid', values: rows.map((row) => row.cardId) },
    { name: 'task_id', type: 'uuid', values: rows.map((row) => row.taskId) },
    { name: 'chat_id', type: 'uuid', values: rows.map((row) => row.chatId) },
    { name: 'file_id', type: 'uuid', values: rows.map((row) => row.fileId) },
    { name: 'actor_id', type: 'uuid', values: rows.map((row) => row.actorId) },
    { name: 'actor_name', type: 'text', values: rows.map((row) => row.actorName) },
    { name: 'verb', type: 'text', values: rows.map((row) => row.verb) },
    { name: 'subject', type: 'text', values: rows.map((row) => row.subject) },
    { name: 'changes', type: 'jsonb', values: rows.map((row) => row.changes) },
    { name: 'member', type: 'jsonb', values: rows.map((row) => row.member) },
    { name: 'created_at', type: 'timestamptz', values: rows.map((row) => row.createdAt) },
  ]);
}
