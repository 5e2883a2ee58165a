import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** Posting and reacting are writing: members and up (DESIGN.md §5). */
export function canPostMessage(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Words are their author's own: nobody else edits them, admins included. */
export function canEditMessage(role: ProjectRole | null, isAuthor: boolean): boolean {
  return isAuthor && roleAtLeast(role, 'member');
}

/** Its author, or an admin or the owner (moderation). */
export function canDeleteMessage(role: ProjectRole | null, isAuthor: boolean): boolean {
  return roleAtLeast(role, 'admin') || (isAuthor && roleAtLeast(role, 'member'));
}
