import {
  type CreatedWebhook,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type Webhook,
  webhookLimits,
} from '@deckhand/contract/webhooks';
import { count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projects } from '../../../db/schema/projects';
import { webhooks } from '../../../db/schema/webhooks';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { endpointRefusal } from '../../../platform/public-endpoint';
import { requireManagedWebhook, requireWebhookManager } from '../service/access';
import { newWebhookSecret } from '../service/signature';
import { webhookDto } from '../service/webhook-dto';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** @throws webhooks/invalid-url for a URL the server may not send to (not https, not public) */
async function checkUrl(deps: Deps, url: string): Promise<void> {
  const refusal = await endpointRefusal(url, deps.config.webhookAllowedHosts, 'the URL');
  if (refusal) throw new AppError('webhooks/invalid-url', `url: ${refusal}`);
}

/**
 * Adds a webhook to the project (its admins and owner). The secret is in this answer only.
 * @throws projects/not-found, projects/forbidden, webhooks/invalid-url, webhooks/too-many
 */
export async function createWebhook(
  deps: Deps,
  actor: Actor,
  projectId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhook> {
  await requireWebhookManager(deps.db, actor, projectId);
  await checkUrl(deps, input.url);
  const row = await deps.db.transaction(async (tx) => {
    // The project locked: two additions at once cannot both pass the count.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.projectId, projectId));
    if ((held?.n ?? 0) >= webhookLimits.perProject) {
      throw new AppError('webhooks/too-many', `A project may have at most ${webhookLimits.perProject} webhooks`);
    }
    const [created] = await tx
      .insert(webhooks)
      .values({
        projectId,
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description || null,
        secret: newWebhookSecret(),
        createdBy: actor.userId,
      })
      .returning();
    if (!created) throw new Error('the webhook was not stored');
    return created;
  });
  return { ...webhookDto(row), secret: row.secret };
}

/**
 * Changes a webhook. Enabling it again clears its run of failures and sends its waiting retries; events of the
 * time it was disabled were never queued for it (enqueue.ts).
 * @throws webhooks/not-found, webhooks/forbidden, webhooks/invalid-url
 */
export async function updateWebhook(
  deps: Deps,
  actor: Actor,
  webhookId: string,
  input: UpdateWebhookInput,
): Promise<Webhook> {
  const current = await requireManagedWebhook(deps.db, actor, webhookId);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  const enabling = input.enabled === true && !current.enabled;
  const [row] = await deps.db
    .update(webhooks)
    .set({
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { events: [...new Set(input.events)] }),
      ...(input.description !== undefined && { description: input.description || null }),
      ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
      ...(enabling && { failuresInRow: 0, failingSince: null }),
    })
    .where(eq(webhooks.id, webhookId))
    .returning();
  if (!row) throw new AppError('webhooks/not-found', 'No such webhook');
  return webhookDto(row);
}

/** @throws webhooks/not-found, webhooks/forbidden */
export async function deleteWebhook(deps: Deps, actor: Actor, webhookId: string): Promise<void> {
  await requireManagedWebhook(deps.db, actor, webhookId);
  await deps.db.delete(webhooks).where(eq(webhooks.id, webhookId));
}

/**
 * A new secret, in this answer only: every attempt from now on is signed with it (retries included).
 * @throws webhooks/not-found, webhooks/forbidden
 */
export async function rotateWebhookSecret(deps: Deps, actor: Actor, webhookId: string): Promise<{ secret: string }> {
  await requireManagedWebhook(deps.db, actor, webhookId);
  const secret = newWebhookSecret();
  await deps.db.update(webhooks).set({ secret }).where(eq(webhooks.id, webhookId));
  return { secret };
}
