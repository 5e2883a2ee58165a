import type { Card, UpdateCardInput } from '@deckhand/contract/cards';
import { eq, sql } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { cards } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { touchProject } from '../../projects/commands/touch-project';
import { canEditCard } from '../policy';
import { cardForbidden, cardNotFound, requireCardAccess } from '../queries/card-access';
import { getCard } from '../queries/cards';

const cardState = {
  id: cards.id,
  projectId: cards.projectId,
  title: cards.title,
  archived: sql<boolean>`${cards.archivedAt} is not null`,
};

/** Renames and/or archives (or restores) a card; records `card.updated`. @throws cards/not-found · cards/forbidden */
export async function updateCard(
  deps: CommandDeps,
  actor: Actor,
  input: UpdateCardInput & { cardId: string },
): Promise<Card> {
  const { db } = deps;
  const { cardId } = input;
  const { role } = await requireCardAccess(db, cardId, actor.userId);
  if (!canEditCard(role)) throw cardForbidden('Viewers cannot change cards');
  return deps.events.transaction(async ({ tx, emit }) => {
    // Locked, so that `previous` is what this change replaced.
    const [previous] = await tx.select(cardState).from(cards).where(eq(cards.id, cardId)).for('update');
    if (!previous) throw cardNotFound();
    const now = new Date();
    const [card] = await tx
      .update(cards)
      .set({
        updatedAt: now,
        ...(input.title !== undefined && { title: input.title }),
        ...(input.archived !== undefined && { archivedAt: input.archived ? now : null }),
      })
      .where(eq(cards.id, cardId))
      .returning(cardState);
    if (!card) throw cardNotFound();
    await touchProject(tx, card.projectId);
    emit({ type: 'card.updated', actor, card, previous });
    return getCard(tx, actor.userId, cardId);
  });
}
