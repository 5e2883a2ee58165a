import { type Card, type CreateCardInput, firstChatName, type UpdateCardInput } from '@deckhand/contract/cards';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { createFirstChat } from '../../chats/service/chats';
import { storedKeysOf } from '../../files/service/files';
import { profileNames } from '../../profile/service';
import { requireMembership } from '../../projects/service/access';
import { touchProject } from '../../projects/service/projects';
import { canCreateCard, canDeleteCard, canEditCard } from '../policy';
import { cardForbidden, cardNotFound, requireCardAccess } from './access';
import { authorJoin, cardColumns, toCardDto } from './card-dto';

/** One card as the caller sees it. @throws cards/not-found */
export async function getCard(db: Db, userId: string, cardId: string): Promise<Card> {
  const { role } = await requireCardAccess(db, cardId, userId);
  const [row] = await db.select(cardColumns).from(cards).leftJoin(profiles, authorJoin).where(eq(cards.id, cardId));
  if (!row) throw cardNotFound();
  return toCardDto(row, { userId, role });
}

/**
 * A new card, with its first chat (**General**), in one transaction.
 * @throws projects/not-found (not a member) · cards/forbidden (viewers)
 */
export async function createCard(db: Db, userId: string, projectId: string, input: CreateCardInput): Promise<Card> {
  const role = await requireMembership(db, projectId, userId);
  if (!canCreateCard(role)) throw cardForbidden('Viewers cannot create cards');
  const authorName = (await profileNames(db, [userId])).get(userId) ?? 'User';
  const cardId = await db.transaction(async (tx) => {
    const [card] = await tx
      .insert(cards)
      .values({ projectId, title: input.title, createdBy: userId, createdByName: authorName })
      .returning({ id: cards.id });
    if (!card) throw new Error('card insert returned no row');
    await createFirstChat(tx, { cardId: card.id, projectId, name: firstChatName, userId, authorName });
    await touchProject(tx, projectId);
    return card.id;
  });
  return getCard(db, userId, cardId);
}

/** Renames and/or archives a card. @throws cards/not-found · cards/forbidden */
export async function updateCard(db: Db, userId: string, cardId: string, input: UpdateCardInput): Promise<Card> {
  const { role, projectId } = await requireCardAccess(db, cardId, userId);
  if (!canEditCard(role)) throw cardForbidden('Viewers cannot change cards');
  const now = new Date();
  await db
    .update(cards)
    .set({
      updatedAt: now,
      ...(input.title !== undefined && { title: input.title }),
      ...(input.archived !== undefined && { archivedAt: input.archived ? now : null }),
    })
    .where(eq(cards.id, cardId));
  await touchProject(db, projectId);
  return getCard(db, userId, cardId);
}

/**
 * Deletes a card with its chats, their messages, its tasks and its files' rows. @returns the card's project id and
 * the stored objects of its files, for the caller to remove once the deletion stands
 * @throws cards/not-found · cards/forbidden (not its author, nor an admin or the owner)
 */
export async function deleteCard(
  db: Db,
  userId: string,
  cardId: string,
): Promise<{ projectId: string; fileKeys: string[] }> {
  const { role, projectId, createdBy } = await requireCardAccess(db, cardId, userId);
  if (!canDeleteCard(role, createdBy === userId)) {
    throw cardForbidden('Only its author, an admin or the owner can delete a card');
  }
  const fileKeys = await storedKeysOf(db, { cardId });
  await db.delete(cards).where(eq(cards.id, cardId));
  return { projectId, fileKeys };
}

/** A card's title for messages about it (notifications), without an access check: the caller has made one. */
export async function readCardTitle(db: Db, cardId: string): Promise<string> {
  const [card] = await db.select({ title: cards.title }).from(cards).where(eq(cards.id, cardId));
  return card?.title ?? 'a card';
}
