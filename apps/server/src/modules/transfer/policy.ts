import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/**
 * DESIGN.md §5, as the projects area tells it in `abilities.export`: an export holds the whole project, members'
 * emails included, so admins and the owner make them.
 */
export function canExportProject(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}
