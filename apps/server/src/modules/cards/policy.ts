import type { CardAbilities } from '@deckhand/contract/cards';
import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5: members and up write; viewers read everything and write nothing. */
export function canCreateCard(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Every member may rename and archive any card of the project. */
export function canEditCard(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Its author (while still able to write), or an admin or the owner. */
export function canDeleteCard(role: ProjectRole | null, isAuthor: boolean): boolean {
  return roleAtLeast(role, 'admin') || (isAuthor && roleAtLeast(role, 'member'));
}

export function cardAbilitiesFor(role: ProjectRole | null, isAuthor: boolean): CardAbilities {
  return { edit: canEditCard(role), delete: canDeleteCard(role, isAuthor) };
}
