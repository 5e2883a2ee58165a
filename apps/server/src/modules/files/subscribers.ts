import type { AppDeps } from '../../app-deps';
import { publishToMembers } from '../projects/queries/audience';
import { storedKeysOf } from './queries/stored-keys';
import { removeStoredObjectsOrThrow } from './service/stored-objects';

/**
 * What follows a change of files: live events, the `file_uploaded` and `image_uploaded` usage events, and the
 * removal of stored objects whose rows a deletion took (of a file, a message, a chat, a card or a project).
 */
export function registerFileSubscribers(deps: AppDeps): void {
  const { events } = deps;
  events.subscribe({
    name: 'files.live-and-usage',
    on: ['file.uploaded', 'file.deleted'],
    async handle(event) {
      const { file } = event;
      if (event.type === 'file.uploaded') {
        const userId = event.actor?.userId;
        const properties = { project_id: file.projectId, file_id: file.id, content_type: file.contentType };
        void deps.usage.record({ name: 'file_uploaded', userId, properties });
        if (file.contentType.startsWith('image/'))
          void deps.usage.record({ name: 'image_uploaded', userId, properties });
      }
      await publishToMembers(deps, file.projectId, {
        type: event.type === 'file.uploaded' ? 'file_created' : 'file_deleted',
        project_id: file.projectId,
        card_id: file.cardId,
        message_id: file.messageId,
        file_id: file.id,
      });
    },
  });

  // Within a project's deletion, before its rows go: which objects it leaves behind.
  events.subscribeWithin({
    name: 'files.project-objects',
    on: ['project.deleted'],
    async handle(event, { tx, emit }) {
      const storageKeys = await storedKeysOf(tx, { projectId: event.projectId });
      emit({ type: 'file.objects_released', actor: event.actor, projectId: event.projectId, storageKeys });
    },
  });

  // From the outbox: a crash right after a deletion delays the removal but does not leave the objects behind.
  events.subscribe({
    name: 'files.remove-stored-objects',
    on: ['file.deleted', 'message.deleted', 'chat.deleted', 'card.deleted', 'file.objects_released'],
    durable: true,
    wants: (event) => event.storageKeys.length > 0,
    handle: (event) => removeStoredObjectsOrThrow(deps.storage, event.storageKeys),
  });
}
