import type { ChatAbilities } from '@deckhand/contract/chats';
import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5: members and up open chats and write in them. */
export function canCreateChat(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Renaming or deleting a chat is for whoever opened it (while able to write), or an admin or the owner. */
export function canManageChat(role: ProjectRole | null, isCreator: boolean): boolean {
  return roleAtLeast(role, 'admin') || (isCreator && roleAtLeast(role, 'member'));
}

export function chatAbilitiesFor(role: ProjectRole | null, isCreator: boolean): ChatAbilities {
  const manage = canManageChat(role, isCreator);
  return { edit: manage, delete: manage };
}
