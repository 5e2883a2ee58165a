import type { Chat } from '@deckhand/contract/chats';
import type { ProjectRole } from '@deckhand/contract/projects';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chats } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { requireCardAccess } from '../../cards/queries/card-access';
import { chatColumns, creatorJoin, toChatDto } from '../service/chat-dto';
import { chatNotFound } from './chat-access';

/** One chat as the caller sees it, without an access check: the caller has made one. @throws chats/not-found */
export async function readChat(db: Db, userId: string, chatId: string, role: ProjectRole): Promise<Chat> {
  const [row] = await db
    .select(chatColumns(userId))
    .from(chats)
    .leftJoin(profiles, creatorJoin)
    .where(eq(chats.id, chatId));
  if (!row) throw chatNotFound();
  return toChatDto(row, { userId, role });
}

/** The card's chats, oldest first (General leads). @throws cards/not-found */
export async function listChats(db: Db, userId: string, cardId: string): Promise<Chat[]> {
  const { role } = await requireCardAccess(db, cardId, userId);
  const rows = await db
    .select(chatColumns(userId))
    .from(chats)
    .leftJoin(profiles, creatorJoin)
    .where(eq(chats.cardId, cardId))
    .orderBy(asc(chats.createdAt), asc(chats.id));
  return rows.map((row) => toChatDto(row, { userId, role }));
}
