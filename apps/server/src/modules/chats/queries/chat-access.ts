import type { ProjectRole } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats } from '../../../db/schema/cards';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';

export function chatNotFound(): AppError {
  return new AppError('chats/not-found', 'No such chat');
}

export function chatForbidden(message: string): AppError {
  return new AppError('chats/forbidden', message);
}

export interface ChatAccess {
  chatId: string;
  cardId: string;
  projectId: string;
  createdBy: string | null;
  role: ProjectRole;
}

/**
 * The chat's card and project, and the caller's role there; a chat in someone else's project is reported exactly
 * like one that does not exist.
 * @throws chats/not-found
 */
export async function requireChatAccess(db: Db, chatId: string, userId: string): Promise<ChatAccess> {
  const [chat] = await db
    .select({ chatId: chats.id, cardId: chats.cardId, projectId: chats.projectId, createdBy: chats.createdBy })
    .from(chats)
    .where(eq(chats.id, chatId));
  if (!chat) throw chatNotFound();
  try {
    return { ...chat, role: await requireMembership(db, chat.projectId, userId) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'projects/not-found') throw chatNotFound();
    throw err;
  }
}
