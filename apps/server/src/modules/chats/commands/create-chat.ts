import type { Chat, CreateChatInput } from '@deckhand/contract/chats';
import type { CommandDeps } from '../../../app-deps';
import { chats } from '../../../db/schema/cards';
import type { DomainEventMap } from '../../../domain-events';
import type { Actor } from '../../../platform/actor';
import type { Work } from '../../../platform/domain-events';
import { requireCardAccess } from '../../cards/queries/card-access';
import { profileNames } from '../../profile/queries/profiles';
import type { ChatRef } from '../events';
import { canCreateChat } from '../policy';
import { chatForbidden } from '../queries/chat-access';
import { readChat } from '../queries/chats';
import { followChat } from './follow-chat';

export interface NewChat {
  cardId: string;
  projectId: string;
  name: string;
  /** The creator's name as stored with the chat (shown once their account is gone). */
  authorName: string;
  /** A new card's first chat, opened by the card's command. */
  withCard: boolean;
}

/**
 * Opens a chat, followed by its creator, inside another command's transaction (a new card's General) and records
 * `chat.created`. No policy check: the calling command has made its own.
 */
export async function createChatIn(work: Work<DomainEventMap>, actor: Actor, input: NewChat): Promise<ChatRef> {
  const { tx, emit } = work;
  const [chat] = await tx
    .insert(chats)
    .values({
      cardId: input.cardId,
      projectId: input.projectId,
      name: input.name,
      createdBy: actor.userId,
      createdByName: input.authorName,
    })
    .returning({ id: chats.id, cardId: chats.cardId, projectId: chats.projectId, name: chats.name });
  if (!chat) throw new Error('chat insert returned no row');
  await followChat(tx, chat.id, [actor.userId]);
  emit({ type: 'chat.created', actor, chat, withCard: input.withCard });
  return chat;
}

/** A new chat on the card, followed by its creator; records `chat.created`. @throws cards/not-found · chats/forbidden */
export async function createChat(
  deps: CommandDeps,
  actor: Actor,
  input: CreateChatInput & { cardId: string },
): Promise<Chat> {
  const { db } = deps;
  const { role, projectId } = await requireCardAccess(db, input.cardId, actor.userId);
  if (!canCreateChat(role)) throw chatForbidden('Viewers cannot open chats');
  const authorName = (await profileNames(db, [actor.userId])).get(actor.userId) ?? 'User';
  return deps.events.transaction(async (work) => {
    const fields = { cardId: input.cardId, projectId, name: input.name, authorName, withCard: false };
    const chat = await createChatIn(work, actor, fields);
    // Read in the transaction: once it commits, the live events go out before anything else runs.
    return readChat(work.tx, actor.userId, chat.id, role);
  });
}
