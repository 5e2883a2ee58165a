import { type Card, cardLimits } from '@deckhand/contract/cards';
import type { ProjectRole } from '@deckhand/contract/projects';
import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { cards, chats } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { cardAbilitiesFor } from '../policy';

/** The columns a card answer is made of; select them `from(cards)` with `leftJoin(profiles, authorJoin)`. */
export const cardColumns = {
  id: cards.id,
  projectId: cards.projectId,
  title: cards.title,
  excerpt: sql<string>`left(${cards.bodyText}, ${sql.raw(String(cardLimits.excerptLength))})`,
  archived: sql<boolean>`${cards.archivedAt} is not null`,
  chatCount: sql<number>`(select count(*) from ${chats} where ${chats.cardId} = ${cards.id})::int`,
  createdBy: cards.createdBy,
  // The author's current name; the one stored with the card once their account is gone.
  createdByName: sql<string>`coalesce(${profiles.name}, ${cards.createdByName})`,
  createdAt: isoTimestamp(cards.createdAt),
  updatedAt: isoTimestamp(cards.updatedAt),
};

export const authorJoin = sql`${profiles.userId} = ${cards.createdBy}`;

export interface CardRow {
  id: string;
  projectId: string;
  title: string;
  excerpt: string;
  archived: boolean;
  chatCount: number;
  createdBy: string | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
}

/** The wire shape, with what the caller may do to it. */
export function toCardDto(row: CardRow, caller: { userId: string; role: ProjectRole }): Card {
  return {
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    excerpt: row.excerpt,
    archived: row.archived,
    chat_count: row.chatCount,
    created_by: { user_id: row.createdBy, name: row.createdByName },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    abilities: cardAbilitiesFor(caller.role, row.createdBy === caller.userId),
  };
}
