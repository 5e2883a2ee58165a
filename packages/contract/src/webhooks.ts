import { z } from 'zod';
import { activityVerbs } from './activity';

/** Webhooks of a project (issue 27): each event a webhook wants is POSTed to its URL, signed, and retried. */
export const webhookLimits = {
  perProject: 20,
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /** Each delivery attempt's time limit. */
  timeoutMs: 10_000,
  /** Waits before the 2nd to 7th attempts of a delivery that failed: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h. */
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600],
  /** A webhook is disabled after this many failed attempts in a row… */
  disableAfterFailures: 50,
  /** …or after failing, and nothing else, for this long. */
  disableAfterDays: 5,
  /** Deliveries are kept this long. */
  deliveriesKeptDays: 14,
  /** What is kept of a response's body. */
  responseBodyMaxBytes: 4096,
  deliveriesPageDefault: 30,
  deliveriesPageMax: 100,
} as const;

/** The attempts a delivery gets: the first and one per retry delay. */
export const webhookMaxAttempts = webhookLimits.retryDelaysSeconds.length + 1;

export const messageWebhookEvents = ['message.created', 'message.updated', 'message.deleted'] as const;
/** What a webhook can subscribe to: the activity history's verbs, and chat messages. */
export const webhookEventTypes = [...activityVerbs, ...messageWebhookEvents] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent by `POST /api/webhooks/{id}/test`, whatever the webhook subscribes to. */
export const webhookPingEvent = 'ping';

export const WebhookEventType = z.enum(webhookEventTypes);
/** A list of event types, or `["*"]` for all of them (and any added later). */
export const WebhookEvents = z.union([z.tuple([z.literal('*')]), z.array(WebhookEventType).min(1)]);
export type WebhookEvents = z.infer<typeof WebhookEvents>;

export const WebhookParams = z.object({ webhookId: z.uuid() });
export const WebhookDeliveryParams = z.object({ webhookId: z.uuid(), deliveryId: z.uuid() });

const WebhookUrl = z.url({ protocol: /^https?$/ }).max(webhookLimits.urlMaxLength);

export const CreateWebhookInput = z.object({
  url: WebhookUrl,
  events: WebhookEvents,
  description: z.string().trim().max(webhookLimits.descriptionMaxLength).optional(),
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

export const UpdateWebhookInput = z
  .object({
    url: WebhookUrl,
    events: WebhookEvents,
    description: z.string().trim().max(webhookLimits.descriptionMaxLength).nullable(),
    enabled: z.boolean(),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

export const Webhook = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why the server disabled it (repeated failures); null when it is enabled or was disabled by a person. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The answer to a creation: the only time the secret is shown. */
export const CreatedWebhook = Webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookSecret = z.object({ secret: z.string() });

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const WebhookDelivery = z.object({
  /** Also the `webhook-id` header: the same on every attempt. */
  id: z.uuid(),
  event: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  request_body: z.string(),
  /** The first 4 KB of the last response. */
  response_body: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveryListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(webhookLimits.deliveriesPageMax)
    .default(webhookLimits.deliveriesPageDefault),
  /** `next_cursor` of the previous page. */
  cursor: z.uuid().optional(),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuery>;

export const DeliveryPage = z.object({ items: z.array(WebhookDelivery), next_cursor: z.string().nullable() });
export type DeliveryPage = z.infer<typeof DeliveryPage>;

/** A delivery's body: `data` holds the activity entry's fields, or the message. */
export interface WebhookPayload {
  type: string;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: unknown;
}
