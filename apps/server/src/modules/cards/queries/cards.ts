import type { Card } from '@deckhand/contract/cards';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { authorJoin, cardColumns, toCardDto } from '../service/card-dto';
import { cardNotFound, requireCardAccess } from './card-access';

/** One card as the caller sees it. @throws cards/not-found */
export async function getCard(db: Db, userId: string, cardId: string): Promise<Card> {
  const { role } = await requireCardAccess(db, cardId, userId);
  const [row] = await db.select(cardColumns).from(cards).leftJoin(profiles, authorJoin).where(eq(cards.id, cardId));
  if (!row) throw cardNotFound();
  return toCardDto(row, { userId, role });
}

/** A card's title for messages about it (notifications), without an access check: the caller has made one. */
export async function readCardTitle(db: Db, cardId: string): Promise<string> {
  const [card] = await db.select({ title: cards.title }).from(cards).where(eq(cards.id, cardId));
  return card?.title ?? 'a card';
}
