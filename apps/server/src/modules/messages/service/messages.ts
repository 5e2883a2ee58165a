import type { CreateMessageInput, Message, MessageListQuery, UpdateMessageInput } from '@deckhand/contract/messages';
import type { ProjectRole } from '@deckhand/contract/projects';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messages } from '../../../db/schema/messages';
import { profiles } from '../../../db/schema/profiles';
import { AppError } from '../../../platform/errors';
import { type ChatAccess, requireChatAccess } from '../../chats/service/access';
import { followChat, touchChat } from '../../chats/service/chats';
import type { FileLinks } from '../../files/service/file-links';
import { attachFilesToMessage, filesOfMessages, storedKeysOf } from '../../files/service/files';
import { profileNames } from '../../profile/service';
import { listMemberIds } from '../../projects/service/access';
import { canDeleteMessage, canEditMessage, canPostMessage } from '../policy';
import { authorJoin, messageColumns, toMessageDto } from './message-dto';

function messageNotFound(): AppError {
  return new AppError('messages/not-found', 'No such message');
}

function messageForbidden(message: string): AppError {
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

export interface PostedMessage {
  message: Message;
  access: ChatAccess;
  /** Members the message mentions (the author and non-members left out). */
  mentioned: string[];
}

/**
 * Posts a message. Mentions of people who are not members are dropped; the author and the mentioned follow the chat.
 * @throws chats/not-found · messages/forbidden (viewers)
 */
export async function postMessage(
  db: Db,
  links: FileLinks,
  userId: string,
  chatId: string,
  input: CreateMessageInput,
): Promise<PostedMessage> {
  const access = await requireChatAccess(db, chatId, userId);
  if (!canPostMessage(access.role)) throw messageForbidden('Viewers cannot post messages');
  const members = new Set(await listMemberIds(db, access.projectId));
  const mentions = [...new Set(input.mentions)].filter((id) => members.has(id));
  const authorName = (await profileNames(db, [userId])).get(userId) ?? 'User';
  const messageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        chatId,
        cardId: access.cardId,
        projectId: access.projectId,
        authorId: userId,
        authorName,
        text: input.text,
        mentions,
      })
      .returning({ id: messages.id });
    if (!row) throw new Error('message insert returned no row');
    await attachFilesToMessage(
      tx,
      { projectId: access.projectId, cardId: access.cardId, messageId: row.id, authorId: userId },
      input.file_ids,
    );
    await touchChat(tx, chatId);
    await followChat(tx, chatId, [userId, ...mentions]);
    return row.id;
  });
  const message = await readMessage(db, links, messageId, { userId, role: access.role });
  return { message, access, mentioned: mentions.filter((id) => id !== userId) };
}

/** @throws messages/not-found · messages/forbidden (not its author) */
export async function editMessage(
  db: Db,
  links: FileLinks,
  userId: string,
  messageId: string,
  input: UpdateMessageInput,
): Promise<{ message: Message; access: MessageAccess }> {
  const access = await requireMessageAccess(db, messageId, userId);
  if (!canEditMessage(access.role, access.authorId === userId)) {
    throw messageForbidden('Only its author can edit a message');
  }
  await db.update(messages).set({ text: input.text, editedAt: new Date() }).where(eq(messages.id, messageId));
  return { message: await readMessage(db, links, messageId, { userId, role: access.role }), access };
}

/**
 * Deletes the message (its files' rows go with it); `fileKeys` are their stored objects, for the caller to remove.
 * @throws messages/not-found · messages/forbidden (not its author, nor an admin or the owner)
 */
export async function deleteMessage(
  db: Db,
  userId: string,
  messageId: string,
): Promise<MessageAccess & { fileKeys: string[] }> {
  const access = await requireMessageAccess(db, messageId, userId);
  if (!canDeleteMessage(access.role, access.authorId === userId)) {
    throw messageForbidden('Only its author, an admin or the owner can delete a message');
  }
  const fileKeys = await storedKeysOf(db, { messageId });
  await db.delete(messages).where(eq(messages.id, messageId));
  return { ...access, fileKeys };
}
