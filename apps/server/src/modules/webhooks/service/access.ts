import type { ProjectRole } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhooks } from '../../../db/schema/webhooks';
import { type Actor, withinProjectLimit } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { forbidden, requireMembership } from '../../projects/queries/access';
import { canManageWebhooks } from '../policy';

/**
 * The caller manages the project's webhooks (its admins and owner).
 * @throws projects/not-found for a stranger, projects/forbidden for members and viewers
 */
export async function requireWebhookManager(db: Db, actor: Actor, projectId: string): Promise<void> {
  const role = await requireMembership(db, projectId, actor.userId);
  if (!canManageWebhooks(role)) throw forbidden('Only the project’s admins and owner manage its webhooks');
}

/**
 * A webhook the caller manages.
 * @throws webhooks/not-found (missing, or in a project the caller is not in), webhooks/forbidden for members
 */
export async function requireManagedWebhook(db: Db, actor: Actor, webhookId: string) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, webhookId));
  const notFound = new AppError('webhooks/not-found', 'No such webhook');
  if (!row || !withinProjectLimit(actor, row.projectId)) throw notFound;
  let role: ProjectRole;
  try {
    role = await requireMembership(db, row.projectId, actor.userId);
  } catch {
    throw notFound;
  }
  if (!canManageWebhooks(role)) {
    throw new AppError('webhooks/forbidden', 'Only the project’s admins and owner manage its webhooks');
  }
  return row;
}
