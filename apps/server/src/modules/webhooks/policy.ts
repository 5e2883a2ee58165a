import { type ProjectRole, roleAtLeast } from '@deckhand/contract/projects';

/**
 * DESIGN.md §5's admin rows, as the projects area tells it in `abilities.manage_webhooks`: a webhook sends the
 * project's events, and their content, to another system, so admins and the owner manage them.
 */
export function canManageWebhooks(role: ProjectRole | null): boolean {
  return roleAtLeast(role, 'admin');
}
