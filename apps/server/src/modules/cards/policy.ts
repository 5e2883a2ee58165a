import type { CardAbilities } from '@deckhand/contract/cards';
import type { ProjectRole } from '@deckhand/contract/projects';

const rank: Record<ProjectRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** DESIGN.md §5: members and up write; viewers read everything and write nothing. */
export function canCreateCard(role: ProjectRole): boolean {
  return rank[role] >= rank.member;
}

/** Every member may rename and archive any card of the project. */
export function canEditCard(role: ProjectRole): boolean {
  return rank[role] >= rank.member;
}

/** Its author (while still able to write), or an admin or the owner. */
export function canDeleteCard(role: ProjectRole, isAuthor: boolean): boolean {
  return rank[role] >= rank.admin || (isAuthor && rank[role] >= rank.member);
}

export function cardAbilitiesFor(role: ProjectRole, isAuthor: boolean): CardAbilities {
  return { edit: canEditCard(role), delete: canDeleteCard(role, isAuthor) };
}
