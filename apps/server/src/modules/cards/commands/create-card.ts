import { type Card, type CreateCardInput, firstChatName } from '@deckhand/contract/cards';
import type { CommandDeps } from '../../../app-deps';
import { cards } from '../../../db/schema/cards';
import type { Actor } from '../../../platform/actor';
import { createChatIn } from '../../chats/commands/create-chat';
import { profileNames } from '../../profile/service';
import { requireMembership } from '../../projects/service/access';
import { touchProject } from '../../projects/service/projects';
import { canCreateCard } from '../policy';
import { cardForbidden } from '../service/access';
import { getCard } from '../service/cards';

/**
 * A new card with its first chat (**General**), in one transaction; records `card.created` and `chat.created`.
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
  const cardId = await deps.events.transaction(async (work) => {
    const [card] = await work.tx
      .insert(cards)
      .values({ projectId, title: input.title, createdBy: actor.userId, createdByName: authorName })
      .returning({ id: cards.id, projectId: cards.projectId, title: cards.title });
    if (!card) throw new Error('card insert returned no row');
    work.emit({ type: 'card.created', actor, card });
    await createChatIn(work, actor, { cardId: card.id, projectId, name: firstChatName, authorName, withCard: true });
    await touchProject(work.tx, projectId);
    return card.id;
  });
  return getCard(db, actor.userId, cardId);
}
