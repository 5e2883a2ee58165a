import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { cards } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { storedKeysOf } from '../../files/queries/stored-keys';
import { canDeleteCard } from '../policy';
import { cardForbidden, requireCardAccess } from '../queries/card-access';

/**
 * Deletes a card with its chats, their messages, its tasks and its files' rows; records `card.deleted` with the
 * stored objects of those files, read in the same transaction.
 * @throws cards/not-found · cards/forbidden (not its author, nor an admin or the owner)
 */
export async function deleteCard(deps: CommandDeps, actor: Actor, input: { cardId: string }): Promise<void> {
  const { cardId } = input;
  const { role, createdBy } = await requireCardAccess(deps.db, cardId, actor.userId);
  if (!canDeleteCard(role, createdBy === actor.userId)) {
    throw cardForbidden('Only its author, an admin or the owner can delete a card');
  }
  await deps.events.transaction(async ({ tx, emit }) => {
    // Locked first: a file uploaded to the card or attached to one of its messages meanwhile waits, then finds the
    // card gone, so no row goes with the card that its keys were read without.
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, cardId)).for('update');
    const storageKeys = await storedKeysOf(tx, { cardId });
    const [card] = await tx
      .delete(cards)
      .where(eq(cards.id, cardId))
      .returning({ id: cards.id, projectId: cards.projectId, title: cards.title });
    // Deleted meanwhile by someone else, whose deletion recorded it.
    if (card) emit({ type: 'card.deleted', actor, card, storageKeys });
  });
}
