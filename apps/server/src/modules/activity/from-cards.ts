import type { DomainEventMap } from '../../domain-events';
import type { EventOf } from '../../platform/domain-events';
import type { PendingActivity } from './pending';

type CardEvent = EventOf<DomainEventMap, 'card.created' | 'card.updated' | 'card.deleted' | 'card.body_edited'>;
type ChatEvent = EventOf<DomainEventMap, 'chat.created' | 'chat.renamed' | 'chat.deleted'>;
type FileEvent = EventOf<DomainEventMap, 'file.uploaded' | 'file.deleted'>;

/** The history's entries for a change of a card (a body edit is coalesced when written: record.ts). */
export function activityOfCard(event: CardEvent): PendingActivity[] {
  const { card } = event;
  const base = {
    projectId: card.projectId,
    cardId: card.id,
    actorId: event.actor?.userId ?? null,
    subject: card.title,
    at: new Date(),
  };
  switch (event.type) {
    case 'card.created':
      return [{ ...base, verb: 'card.created' }];
    case 'card.deleted':
      return [{ ...base, verb: 'card.deleted' }];
    case 'card.body_edited':
      return [{ ...base, verb: 'card.body_edited' }];
    default: {
      const { card: now, previous } = event;
      const entries: PendingActivity[] = [];
      if (now.title !== previous.title) {
        entries.push({ ...base, verb: 'card.renamed', changes: { title: { from: previous.title, to: now.title } } });
      }
      if (now.archived !== previous.archived)
        entries.push({ ...base, verb: now.archived ? 'card.archived' : 'card.restored' });
      return entries;
    }
  }
}

export function activityOfChat(event: ChatEvent): PendingActivity[] {
  const { chat } = event;
  const base = {
    projectId: chat.projectId,
    cardId: chat.cardId,
    chatId: chat.id,
    actorId: event.actor?.userId ?? null,
    subject: chat.name,
    at: new Date(),
  };
  // A new card's first chat comes with it: "created the card" says it already.
  if (event.type === 'chat.created') return event.withCard ? [] : [{ ...base, verb: 'chat.created' }];
  if (event.type === 'chat.deleted') return [{ ...base, verb: 'chat.deleted' }];
  if (event.previousName === chat.name) return [];
  return [{ ...base, verb: 'chat.renamed', changes: { name: { from: event.previousName, to: chat.name } } }];
}

export function activityOfFile(event: FileEvent): PendingActivity[] {
  const { file } = event;
  return [
    {
      projectId: file.projectId,
      cardId: file.cardId,
      fileId: file.id,
      actorId: event.actor?.userId ?? null,
      verb: event.type === 'file.uploaded' ? 'file.uploaded' : 'file.deleted',
      subject: file.name,
      at: new Date(),
    },
  ];
}
