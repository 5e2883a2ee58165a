import type { UsageEventName } from '@deckhand/contract/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { usageEvents } from '../db/schema/usage-events';

export interface UsageEvent {
  name: UsageEventName;
  userId?: string | null;
  /** Ids and small enums only: never message text or file content. */
  properties?: Record<string, string | number | boolean | null>;
}

export interface UsageEvents {
  /** Records in the background: an event never blocks or fails the action that caused it. */
  record(event: UsageEvent): Promise<void>;
}

export function createUsageEvents(db: Db, log: FastifyBaseLogger, enabled = true): UsageEvents {
  return {
    async record(event) {
      if (!enabled) return;
      try {
        await db
          .insert(usageEvents)
          .values({ name: event.name, userId: event.userId ?? null, properties: event.properties ?? {} });
      } catch (err) {
        log.warn({ err, event: event.name }, 'usage event not recorded');
      }
    },
  };
}
