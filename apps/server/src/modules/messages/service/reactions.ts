import type { Message } from '@deckhand/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageReactions } from '../../../db/schema/messages';
import { AppError } from '../../../platform/errors';
import type { FileLinks } from '../../files/service/file-links';
import { canPostMessage } from '../policy';
import { type MessageAccess, readMessage, requireMessageAccess } from './messages';

/**
 * Adds (`on`) or takes back the caller's reaction; a person reacts once per emoji, so adding twice is adding once.
 * @throws messages/not-found · messages/forbidden (viewers)
 */
export async function setReaction(
  db: Db,
  links: FileLinks,
  userId: string,
  messageId: string,
  emoji: string,
  on: boolean,
): Promise<{ message: Message; access: MessageAccess }> {
  const access = await requireMessageAccess(db, messageId, userId);
  if (!canPostMessage(access.role)) throw new AppError('messages/forbidden', 'Viewers cannot react');
  if (on) {
    await db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
  } else {
    await db
      .delete(messageReactions)
      .where(
        and(
          eq(messageReactions.messageId, messageId),
          eq(messageReactions.userId, userId),
          eq(messageReactions.emoji, emoji),
        ),
      );
  }
  return { message: await readMessage(db, links, messageId, { userId, role: access.role }), access };
}
