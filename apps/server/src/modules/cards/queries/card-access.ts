import type { ProjectRole } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards } from '../../../db/schema/cards';
import { AppError } from '../../../platform/errors';
import { requireMembership } from '../../projects/queries/access';

export function cardNotFound(): AppError {
  return new AppError('cards/not-found', 'No such card');
}

export function cardForbidden(message: string): AppError {
  return new AppError('cards/forbidden', message);
}

export interface CardAccess {
  projectId: string;
  createdBy: string | null;
  role: ProjectRole;
}

/**
 * The card's project and the caller's role in it. A card in a project the caller is not a member of is reported
 * exactly like one that does not exist.
 * @throws cards/not-found
 */
export async function requireCardAccess(db: Db, cardId: string, userId: string): Promise<CardAccess> {
  const [card] = await db
    .select({ projectId: cards.projectId, createdBy: cards.createdBy })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!card) throw cardNotFound();
  try {
    return { ...card, role: await requireMembership(db, card.projectId, userId) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'projects/not-found') throw cardNotFound();
    throw err;
  }
}
