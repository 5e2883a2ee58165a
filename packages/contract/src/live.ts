import { z } from 'zod';

/**
 * Messages on the live channel (`/updates`), named `<area>_<event>`. They carry ids only: clients
 * refetch what changed, so the server stays the single source of truth.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('project_updated'), project_id: z.uuid() }),
  z.object({ type: z.literal('project_deleted'), project_id: z.uuid() }),
  z.object({ type: z.literal('member_added'), project_id: z.uuid(), user_id: z.uuid() }),
  z.object({ type: z.literal('member_removed'), project_id: z.uuid(), user_id: z.uuid() }),
  z.object({ type: z.literal('member_updated'), project_id: z.uuid(), user_id: z.uuid() }),
  // To the project's admins: the pending invitations changed.
  z.object({ type: z.literal('invitation_updated'), project_id: z.uuid() }),
  z.object({ type: z.literal('card_created'), project_id: z.uuid(), card_id: z.uuid() }),
  z.object({ type: z.literal('card_updated'), project_id: z.uuid(), card_id: z.uuid() }),
  z.object({ type: z.literal('card_deleted'), project_id: z.uuid(), card_id: z.uuid() }),
  z.object({ type: z.literal('chat_created'), project_id: z.uuid(), card_id: z.uuid(), chat_id: z.uuid() }),
  z.object({ type: z.literal('chat_updated'), project_id: z.uuid(), card_id: z.uuid(), chat_id: z.uuid() }),
  z.object({ type: z.literal('chat_deleted'), project_id: z.uuid(), card_id: z.uuid(), chat_id: z.uuid() }),
  z.object({
    type: z.literal('message_created'),
    project_id: z.uuid(),
    card_id: z.uuid(),
    chat_id: z.uuid(),
    message_id: z.uuid(),
  }),
  z.object({
    type: z.literal('message_updated'),
    project_id: z.uuid(),
    card_id: z.uuid(),
    chat_id: z.uuid(),
    message_id: z.uuid(),
  }),
  z.object({
    type: z.literal('message_deleted'),
    project_id: z.uuid(),
    card_id: z.uuid(),
    chat_id: z.uuid(),
    message_id: z.uuid(),
  }),
  z.object({
    type: z.literal('reaction_updated'),
    project_id: z.uuid(),
    card_id: z.uuid(),
    chat_id: z.uuid(),
    message_id: z.uuid(),
  }),
  z.object({ type: z.literal('task_created'), project_id: z.uuid(), card_id: z.uuid(), task_id: z.uuid() }),
  z.object({ type: z.literal('task_updated'), project_id: z.uuid(), card_id: z.uuid(), task_id: z.uuid() }),
  z.object({ type: z.literal('task_moved'), project_id: z.uuid(), card_id: z.uuid(), task_id: z.uuid() }),
  z.object({ type: z.literal('task_deleted'), project_id: z.uuid(), card_id: z.uuid(), task_id: z.uuid() }),
  z.object({ type: z.literal('status_created'), project_id: z.uuid(), status_id: z.uuid() }),
  z.object({ type: z.literal('status_updated'), project_id: z.uuid(), status_id: z.uuid() }),
  z.object({ type: z.literal('status_deleted'), project_id: z.uuid(), status_id: z.uuid() }),
  z.object({
    type: z.literal('file_created'),
    project_id: z.uuid(),
    card_id: z.uuid().nullable(),
    message_id: z.uuid().nullable(),
    file_id: z.uuid(),
  }),
  z.object({
    type: z.literal('file_deleted'),
    project_id: z.uuid(),
    card_id: z.uuid().nullable(),
    message_id: z.uuid().nullable(),
    file_id: z.uuid(),
  }),
  // A new entry in the project's activity history (a card's, and a task's when task_id is set).
  z.object({
    type: z.literal('activity_created'),
    project_id: z.uuid(),
    card_id: z.uuid().nullable(),
    task_id: z.uuid().nullable(),
  }),
  // To the person who asked for it: an export or import moved on (at least every 2 s while it runs).
  z.object({
    type: z.literal('export_updated'),
    project_id: z.uuid(),
    export_id: z.uuid(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number(),
  }),
  z.object({
    type: z.literal('import_updated'),
    import_id: z.uuid(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number(),
  }),
  // Spec §7: the client refetches the unread count.
  z.object({ type: z.literal('notification_update') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/**
 * Sent to a socket, instead of events, when some of its events may have been lost (its server instance was cut
 * off from Redis for a while): the client refetches what it shows, as after a reconnect.
 */
export const LiveResync = z.object({ type: z.literal('resync') });
export type LiveResync = z.infer<typeof LiveResync>;

/**
 * Close codes: 4401 for a refused or expired credential (spec, like HTTP 401); 4429 for the oldest of a person's
 * sockets once they open more than `liveMaxSocketsPerUser`, which the client does not reopen (it would close
 * another tab's in turn).
 */
export const liveCloseCodes = { unauthorized: 4401, slowConsumer: 4408, tooManySockets: 4429 } as const;
/** Live sockets one person may hold open (per server instance). */
export const liveMaxSocketsPerUser = 20;
/** Spec §4/§9: the client reconnects this long after a close. */
export const liveReconnectDelayMs = 3000;
