import type { ChatAbilities } from '@deckhand/contract/chats';
import type { ProjectRole } from '@deckhand/contract/projects';

const rank: Record<ProjectRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** DESIGN.md §5: members and up open chats and write in them. */
export function canCreateChat(role: ProjectRole): boolean {
  return rank[role] >= rank.member;
}

/** Renaming or deleting a chat is for whoever opened it (while able to write), or an admin or the owner. */
export function canManageChat(role: ProjectRole, isCreator: boolean): boolean {
  return rank[role] >= rank.admin || (isCreator && rank[role] >= rank.member);
}

export function chatAbilitiesFor(role: ProjectRole, isCreator: boolean): ChatAbilities {
  const manage = canManageChat(role, isCreator);
  return { edit: manage, delete: manage };
}
