import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/** DESIGN.md §5: members and up create, change, move and delete tasks; viewers read them. */
export function canWriteTasks(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'member');
}

/** Statuses (the board's columns) are managed by admins and the owner. */
export function canManageStatuses(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}
