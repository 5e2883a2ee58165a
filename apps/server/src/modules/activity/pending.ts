import type { ActivityChanges, ActivityVerb } from '@deckhand/contract/activity';

/** A status in a change, by id; its name is looked up when the entry is written unless the event knew it. */
export interface StatusMention {
  id: string;
  name?: string;
}

/**
 * An entry as a subscriber makes it from an event: names of people and statuses are resolved together for a
 * batch of entries when they are written (record.ts).
 */
export interface PendingActivity {
  projectId: string;
  cardId?: string | null;
  taskId?: string | null;
  chatId?: string | null;
  fileId?: string | null;
  /** Null when the system acted. */
  actorId: string | null;
  /** 'token' when the actor acted through an API token. */
  via?: 'token';
  verb: ActivityVerb;
  subject: string;
  /** The changes that need no lookup. */
  changes?: Omit<ActivityChanges, 'status' | 'assignees'>;
  status?: { from: StatusMention | null; to: StatusMention | null };
  assignees?: { from: string[]; to: string[] };
  member?: { userId: string; name: string };
  at: Date;
}
