import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messageReactions } from '../../../db/schema/messages';

/** Adds (`on`) or takes back a person's reaction; a person reacts once per emoji, so adding twice is adding once. */
export async function writeReaction(
  db: Db,
  reaction: { messageId: string; userId: string; emoji: string },
  on: boolean,
): Promise<void> {
  const { messageId, userId, emoji } = reaction;
  if (on) {
    await db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
    return;
  }
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
