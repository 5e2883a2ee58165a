import type { Message, MessageListQuery } from '@deckhand/contract/messages';
import type { ProjectRole } from '@deckhand/contract/projects';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import { type ChatAccess, requireChatAccess } from '../../chats/queries/chat-access';
import type { FileLinks } from '../../files/queries/file-links';
import { filesOfMessages } from '../../files/queries/message-files';
import { authorJoin, messageColumns, toMessageDto } from '../service/message-dto';

export function messageNotFound(): AppError {
  return new AppError('messages/not-found', 'No such message');
}

export function messageForbidden(message: string): AppError {
  return new AppError('messages/forbidden', message);
}

export interface MessageAccess extends ChatAccess {
  messageId: string;
  authorId: string | null;
}

/** The message's chat, card and project, and the caller's role there. @throws messages/not-found */
export async function requireMessageAccess(db: Db, messageId: string, userId: string): Promise<MessageAccess> {
  const [row] = await db
    .select({ chatId: messages.chatId, authorId: messages.authorId })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!row) throw messageNotFound();
  try {
    return { ...(await requireChatAccess(db, row.chatId, userId)), messageId, authorId: row.authorId };
  } catch (err) {
    if (err instanceof AppError && err.code === 'chats/not-found') throw messageNotFound();
    throw err;
  }
}

export async function readMessage(
  db: Db,
  links: FileLinks,
  messageId: string,
  caller: { userId: string; role: ProjectRole },
) {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, authorJoin)
    .where(eq(messages.id, messageId));
  if (!row) throw messageNotFound();
  const files = await filesOfMessages(db, links, [messageId]);
  return toMessageDto(row, caller, files.get(messageId) ?? []);
}

/** The newest messages before `before` (none: the latest), oldest first. @throws chats/not-found */
export async function listMessages(
  db: Db,
  links: FileLinks,
  userId: string,
  chatId: string,
  query: MessageListQuery,
): Promise<Message[]> {
  const { role } = await requireChatAccess(db, chatId, userId);
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(profiles, authorJoin)
    .where(and(eq(messages.chatId, chatId), query.before ? lt(messages.id, query.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(query.limit);
  const files = await filesOfMessages(
    db,
    links,
    rows.map((row) => row.id),
  );
  return rows.reverse().map((row) => toMessageDto(row, { userId, role }, files.get(row.id) ?? []));
}
