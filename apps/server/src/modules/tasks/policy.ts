import { type ProjectRole, projectRoles, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5: members and up create, change, move and delete tasks; viewers read them. */
export function canWriteTasks(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** The roles that may write tasks, for statements that check the role themselves. */
export const taskWriterRoles = projectRoles.filter(canWriteTasks);

/** Statuses (the board's columns) are managed by admins and the owner. */
export function canManageStatuses(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}
