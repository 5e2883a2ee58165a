import { z } from 'zod';

/** Every change the activity history records, by verb. Chat messages are their own history and are not here. */
export const activityVerbs = [
  'project.created',
  'project.renamed',
  'member.added',
  'member.role_changed',
  'member.removed',
  'card.created',
  'card.renamed',
  'card.archived',
  'card.restored',
  'card.deleted',
  'card.body_edited',
  'chat.created',
  'chat.renamed',
  'chat.deleted',
  'task.created',
  'task.renamed',
  'task.moved',
  'task.assigned',
  'task.unassigned',
  'task.due_changed',
  'task.priority_changed',
  'task.labels_changed',
  'task.completed',
  'task.reopened',
  'task.deleted',
  'status.created',
  'status.renamed',
  'status.deleted',
  'file.uploaded',
  'file.deleted',
] as const;
export type ActivityVerb = (typeof activityVerbs)[number];

export const activityLimits = {
  pageDefault: 50,
  pageMax: 200,
  /** One person's edits of a card's body within this window are one `card.body_edited` entry. */
  bodyEditWindowMs: 10 * 60 * 1000,
} as const;

/** Someone named as they were at the moment of the change. */
export const ActivityPerson = z.object({ user_id: z.uuid(), name: z.string() });
export type ActivityPerson = z.infer<typeof ActivityPerson>;

/** A status as it was named at the moment of the change. */
export const ActivityStatus = z.object({ id: z.uuid(), name: z.string() });
export type ActivityStatus = z.infer<typeof ActivityStatus>;

function change<T extends z.ZodType>(value: T) {
  return z.object({ from: value, to: value });
}

/** What a change changed, by the API's own field names; only the fields it changed are present. */
export const ActivityChanges = z
  .object({
    title: change(z.string()),
    name: change(z.string()),
    status: change(ActivityStatus.nullable()),
    assignees: change(z.array(ActivityPerson)),
    due_at: change(z.string().nullable()),
    priority: change(z.string()),
    labels: change(z.array(z.string())),
    role: change(z.string().nullable()),
  })
  .partial();
export type ActivityChanges = z.infer<typeof ActivityChanges>;

export const Activity = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  card_id: z.uuid().nullable(),
  task_id: z.uuid().nullable(),
  chat_id: z.uuid().nullable(),
  file_id: z.uuid().nullable(),
  /** Null when the system acted (a status deleted with its tasks moved, say). */
  actor: ActivityPerson.nullable(),
  verb: z.enum(activityVerbs),
  /** The title or name of the thing at that moment: readable after it is renamed or deleted. */
  subject: z.string(),
  changes: ActivityChanges,
  /** Member verbs: whom the change was about. */
  member: ActivityPerson.optional(),
  /** Present when the actor acted through one of their API tokens. */
  via: z.literal('token').optional(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof Activity>;

export const ActivityQuery = z.object({
  card_id: z.uuid().optional(),
  task_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(activityLimits.pageMax).default(activityLimits.pageDefault),
  /** `next_cursor` of the previous page. */
  cursor: z.uuid().optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityPage = z.object({ items: z.array(Activity), next_cursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof ActivityPage>;
