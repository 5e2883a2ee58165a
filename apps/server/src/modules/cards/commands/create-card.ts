import type { Card, CreateCardInput } from '@deckhand/contract/cards';
import type { CommandDeps } from '../../../app-deps';
import { cards } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { profileNames } from '../../profile/queries/profiles';
import { touchProject } from '../../projects/commands/touch-project';
import { requireMembership } from '../../projects/queries/access';
import { canCreateCard } from '../policy';
import { cardForbidden } from '../queries/card-access';
import { getCard } from '../queries/cards';

/**
 * A new card; records `card.created` (the chats area opens its first chat, **General**, in the same transaction).
 * @throws projects/not-found (not a member) · cards/forbidden (viewers)
 */
export async function createCard(
  deps: CommandDeps,
  actor: Actor,
  input: CreateCardInput & { projectId: string },
): Promise<Card> {
  const { db } = deps;
  const { projectId } = input;
  const role = await requireMembership(db, projectId, actor.userId);
  if (!canCreateCard(role)) throw cardForbidden('Viewers cannot create cards');
  const authorName = (await profileNames(db, [actor.userId])).get(actor.userId) ?? 'User';
  // The answer is read in the transaction: once it commits, the live events go out before anything else runs.
  return deps.events.transaction(async (work) => {
    const [card] = await work.tx
      .insert(cards)
      .values({ projectId, title: input.title, createdBy: actor.userId, createdByName: authorName })
      .returning({ id: cards.id, projectId: cards.projectId, title: cards.title });
    if (!card) throw new Error('card insert returned no row');
    work.emit({ type: 'card.created', actor, card, authorName });
    await touchProject(work.tx, projectId);
    // Its first chat is the chats area's part of this write: done before the card is read with its chat count.
    await work.settle();
    return getCard(work.tx, actor.userId, card.id);
  });
}
