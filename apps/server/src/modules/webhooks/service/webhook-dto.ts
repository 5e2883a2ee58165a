import type { Webhook, WebhookDelivery } from '@deckhand/contract/webhooks';
import type { webhookDeliveries, webhooks } from '../../../db/schema/webhooks';

export function webhookDto(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    project_id: row.projectId,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  };
}

export function deliveryDto(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    duration_ms: row.durationMs,
    request_body: row.requestBody,
    response_body: row.responseBody,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/** Whether a webhook subscribed to `events` wants an event of this type. */
export function wants(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}
