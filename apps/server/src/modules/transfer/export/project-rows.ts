import type {
  ExportActivity,
  ExportCard,
  ExportChat,
  ExportFile,
  ExportMember,
  ExportMessage,
  ExportStatus,
  ExportTask,
} from '@deckhand/contract/transfer';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { selectRows } from '../../../db/rows';
import { activities } from '../../../db/schema/activity';
import { cards, chats } from '../../../db/schema/cards';
import { files } from '../../../db/schema/files';
import { messageReactions, messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers } from '../../../db/schema/projects';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { users } from '../../../db/schema/users';
import { bodyMarkdownFromState } from '../bodies/body-convert';
import { exportedFilePath } from './paths';

/**
 * The export's reads, a page at a time (keyset by id), so a project of any size streams through in bounded
 * memory. The export reads the other areas' tables directly, read-only, as search's hydration does: one job
 * that reads everything, where a query per area would only pass rows along.
 *
 * Pages are small because a page lives until its last row is written into the zip: with the young generation's
 * semi-spaces at 4 MiB, one of 500 rows outlived two scavenges and was promoted, so the old generation filled with
 * spent pages and the export's RSS grew by over 100 MiB.
 */
const pageSize = 100;

function person(userId: string | null, name: string) {
  return { user_id: userId, name };
}

async function* pages<T extends { id: string }>(read: (after: string | null) => Promise<T[]>): AsyncGenerator<T> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return;
    after = last.id;
  }
}

export async function readMembers(db: Db, projectId: string): Promise<ExportMember[]> {
  const rows = await db
    .select({ userId: projectMembers.userId, role: projectMembers.role, name: profiles.name, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(profiles, eq(profiles.userId, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.joinedAt), asc(projectMembers.userId));
  return rows.map((row) => ({ user_id: row.userId, name: row.name, email: row.email, role: row.role }));
}

/** In board order. */
export async function readStatuses(db: Db, projectId: string): Promise<ExportStatus[]> {
  const rows = await db
    .select()
    .from(taskStatuses)
    .where(eq(taskStatuses.projectId, projectId))
    .orderBy(asc(taskStatuses.position));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: row.color,
    category: row.category,
    wip_limit: row.wipLimit,
  }));
}

export function readCards(db: Db, projectId: string): AsyncGenerator<ExportCard> {
  return pages(async (after) => {
    const rows = await db
      .select()
      .from(cards)
      .where(and(eq(cards.projectId, projectId), after ? gt(cards.id, after) : undefined))
      .orderBy(asc(cards.id))
      .limit(pageSize);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      archived: row.archivedAt !== null,
      created_by: person(row.createdBy, row.createdByName),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      body_yjs: row.bodyState ? Buffer.from(row.bodyState).toString('base64') : null,
      body_markdown: bodyMarkdownFromState(row.bodyState),
    }));
  });
}

export function readChats(db: Db, projectId: string): AsyncGenerator<ExportChat> {
  return pages(async (after) => {
    const rows = await db
      .select()
      .from(chats)
      .where(and(eq(chats.projectId, projectId), after ? gt(chats.id, after) : undefined))
      .orderBy(asc(chats.id))
      .limit(pageSize);
    return rows.map((row) => ({
      id: row.id,
      card_id: row.cardId,
      name: row.name,
      created_by: person(row.createdBy, row.createdByName),
      created_at: row.createdAt.toISOString(),
      last_message_at: row.lastMessageAt?.toISOString() ?? null,
    }));
  });
}

/** By id, which is time: every chat's messages in their order. */
export function readMessages(db: Db, projectId: string): AsyncGenerator<ExportMessage> {
  return pages(async (after) => {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.projectId, projectId), after ? gt(messages.id, after) : undefined))
      .orderBy(asc(messages.id))
      .limit(pageSize);
    const ids = rows.map((row) => row.id);
    const reactions = ids.length
      ? await db
          .select()
          .from(messageReactions)
          .where(inArray(messageReactions.messageId, ids))
          .orderBy(asc(messageReactions.createdAt), asc(messageReactions.userId))
      : [];
    const attached = ids.length
      ? await db
          .select({ id: files.id, messageId: files.messageId })
          .from(files)
          .where(inArray(files.messageId, ids))
          .orderBy(asc(files.id))
      : [];
    const reactionsOf = new Map<string, Map<string, string[]>>();
    for (const reaction of reactions) {
      const byEmoji = reactionsOf.get(reaction.messageId) ?? new Map<string, string[]>();
      reactionsOf.set(reaction.messageId, byEmoji);
      byEmoji.set(reaction.emoji, [...(byEmoji.get(reaction.emoji) ?? []), reaction.userId]);
    }
    const filesOf = new Map<string, string[]>();
    for (const file of attached) {
      if (file.messageId) filesOf.set(file.messageId, [...(filesOf.get(file.messageId) ?? []), file.id]);
    }
    return rows.map((row) => {
      return {
        id: row.id,
        chat_id: row.chatId,
        card_id: row.cardId,
        author: person(row.authorId, row.authorName),
        text: row.text,
        mentions: row.mentions,
        reactions: [...(reactionsOf.get(row.id) ?? [])].map(([emoji, user_ids]) => ({ emoji, user_ids })),
        file_ids: filesOf.get(row.id) ?? [],
        created_at: row.createdAt.toISOString(),
        edited_at: row.editedAt?.toISOString() ?? null,
      };
    });
  });
}

/**
 * In board order: by status (statuses' order), then by position. Keyset on (status position, task position,
 * id) would need a join per page; a project's tasks are read per status instead, each status a keyset on its
 * position.
 */
export async function* readTasks(db: Db, projectId: string, statusIds: string[]): AsyncGenerator<ExportTask> {
  for (const statusId of statusIds) {
    let after: string | null = null;
    for (;;) {
      const rows = await db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.projectId, projectId),
            eq(tasks.statusId, statusId),
            after === null ? undefined : sql`${tasks.position} > ${after}`,
          ),
        )
        .orderBy(asc(tasks.position))
        .limit(pageSize);
      for (const row of rows) {
        yield {
          id: row.id,
          card_id: row.cardId,
          status_id: row.statusId,
          title: row.title,
          position: row.position,
          assignee_ids: row.assigneeIds,
          due_at: row.dueAt?.toISOString() ?? null,
          priority: row.priority,
          labels: row.labels,
          done_at: row.doneAt?.toISOString() ?? null,
          created_by: person(row.createdBy, row.createdByName),
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        };
      }
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) break;
      after = last.position;
    }
  }
}

export interface FileToExport extends ExportFile {
  storageKey: string;
}

export function readFiles(db: Db, projectId: string): AsyncGenerator<FileToExport> {
  return pages(async (after) => {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.projectId, projectId), after ? gt(files.id, after) : undefined))
      .orderBy(asc(files.id))
      .limit(pageSize);
    return rows.map((row) => ({
      id: row.id,
      card_id: row.cardId,
      message_id: row.messageId,
      name: row.name,
      content_type: row.contentType,
      size: row.size,
      width: row.width,
      height: row.height,
      uploaded_by: person(row.uploaderId, row.uploaderName),
      created_at: row.createdAt.toISOString(),
      path: exportedFilePath(row.id, row.name),
      storageKey: row.storageKey,
    }));
  });
}

/** Oldest first. */
export function readActivity(db: Db, projectId: string): AsyncGenerator<ExportActivity> {
  return pages(async (after) => {
    const rows = await db
      .select()
      .from(activities)
      .where(and(eq(activities.projectId, projectId), after ? gt(activities.id, after) : undefined))
      .orderBy(asc(activities.id))
      .limit(pageSize);
    return rows.map((row) => ({
      id: row.id,
      card_id: row.cardId,
      task_id: row.taskId,
      chat_id: row.chatId,
      file_id: row.fileId,
      actor: row.actorId || row.actorName ? person(row.actorId, row.actorName ?? 'User') : null,
      verb: row.verb,
      subject: row.subject,
      changes: row.changes,
      member: row.member ?? null,
      created_at: row.createdAt.toISOString(),
    }));
  });
}

/** How much there is, for the progress bar (the manifest counts what was written). */
export async function countProject(db: Db, projectId: string): Promise<{ rows: number; fileBytes: number }> {
  const [row] = await selectRows(
    db,
    z.object({ rows: z.coerce.number(), file_bytes: z.coerce.number() }),
    sql`
    select
      (select count(*) from ${cards} where project_id = ${projectId})
      + (select count(*) from ${chats} where project_id = ${projectId})
      + (select count(*) from ${messages} where project_id = ${projectId})
      + (select count(*) from ${tasks} where project_id = ${projectId})
      + (select count(*) from ${files} where project_id = ${projectId})
      + (select count(*) from ${activities} where project_id = ${projectId}) as rows,
      (select coalesce(sum(size), 0) from ${files} where project_id = ${projectId}) as file_bytes`,
  );
  return { rows: row?.rows ?? 0, fileBytes: row?.file_bytes ?? 0 };
}
