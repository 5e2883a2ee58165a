import type { WebhookPayload } from '@deckhand/contract/webhooks';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { prepareRows } from '../../../db/rows';
import { wants } from './webhook-dto';

/** Something that happened in a project, as a webhook receives it. */
export interface WebhookEvent {
  projectId: string;
  type: string;
  /** When it happened, ISO 8601: the payload's `timestamp`. */
  timestamp: string;
  /** When this process saw it happen (ms): the delivery's place in its webhook's order. */
  seenAt: number;
  data: unknown;
}

/** Orders the deliveries made within one millisecond in the order they were made. */
let sequence = 0;

/**
 * A delivery's id: UUIDv7 of the moment its event was seen, not of its insert. History entries wait up to a batch
 * (writeBehindDelayMs) to be written while a message's delivery is stored at once; ids by event time keep a card's
 * creation ahead of the first message in its chat, and the dispatcher sends only ids a moment old (dispatcher.ts).
 */
export function deliveryIdAt(seenAt: number): string {
  sequence = (sequence + 1) % 0x7fffffff;
  return uuidv7({ msecs: seenAt, seq: sequence });
}

/**
 * The enabled webhooks of some projects. Prepared: the history asks after every batch it writes (every 20–100 ms on
 * a busy board), and building it with the query builder cost more CPU than the database spent answering it.
 */
const enabledWebhooks = prepareRows(
  'webhooks_enabled_of_projects',
  z.object({ id: z.string(), projectId: z.string(), events: z.array(z.string()) }),
  sql`select id, project_id as "projectId", events from webhooks
    where project_id = any(${sql.placeholder('projectIds')}::uuid[]) and enabled`,
);

/** Deliveries per statement. */
const insertChunk = 500;

/**
 * Makes a pending delivery for every enabled webhook of the events' projects that wants them, in the events'
 * order (see deliveryIdAt). Resolves with the webhooks to send for.
 */
export async function enqueueDeliveries(db: Db, events: readonly WebhookEvent[]): Promise<Set<string>> {
  const touched = new Set<string>();
  if (events.length === 0) return touched;
  const projectIds = [...new Set(events.map((event) => event.projectId))];
  const hooks = await enabledWebhooks.execute(db, { projectIds });
  if (hooks.length === 0) return touched;
  const rows: { id: string; webhookId: string; event: string; body: number }[] = [];
  const bodies: string[] = [];
  for (const event of events) {
    let body: number | undefined;
    for (const hook of hooks) {
      if (hook.projectId !== event.projectId || !wants(hook.events, event.type)) continue;
      const payload: WebhookPayload = { type: event.type, timestamp: event.timestamp, data: event.data };
      // 1-based, as PostgreSQL's arrays are.
      body ??= bodies.push(JSON.stringify(payload));
      rows.push({ id: deliveryIdAt(event.seenAt), webhookId: hook.id, event: event.type, body });
      touched.add(hook.id);
    }
  }
  const now = new Date().toISOString();
  for (let start = 0; start < rows.length; start += insertChunk) {
    const chunk = rows.slice(start, start + insertChunk);
    const first = chunk[0]?.body ?? 1;
    const last = chunk.at(-1)?.body ?? 1;
    // Each body travels once, however many webhooks receive it: a chunk's rows point into its own bodies.
    await db.execute(sql`with b as materialized (select ${sql.param(bodies.slice(first - 1, last))}::text[] as bodies)
      insert into webhook_deliveries (id, webhook_id, event, request_body, next_attempt_at)
      select u.id, u.webhook_id, u.event, b.bodies[u.body], ${now}::timestamptz
      from b, unnest(${sql.param(chunk.map((row) => row.id))}::uuid[], ${sql.param(chunk.map((row) => row.webhookId))}::uuid[],
        ${sql.param(chunk.map((row) => row.event))}::text[], ${sql.param(chunk.map((row) => row.body - first + 1))}::int[])
        as u(id, webhook_id, event, body)`);
  }
  return touched;
}
