import type { ProjectRole } from '@deckhand/contract/projects';

const rank: Record<ProjectRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Posting and reacting are writing: members and up (DESIGN.md §5). */
export function canPostMessage(role: ProjectRole): boolean {
  return rank[role] >= rank.member;
}

/** Words are their author's own: nobody else edits them, admins included. */
export function canEditMessage(role: ProjectRole, isAuthor: boolean): boolean {
  return isAuthor && rank[role] >= rank.member;
}

/** Its author, or an admin or the owner (moderation). */
export function canDeleteMessage(role: ProjectRole, isAuthor: boolean): boolean {
  return rank[role] >= rank.admin || (isAuthor && rank[role] >= rank.member);
}
