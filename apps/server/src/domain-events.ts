import type { TaskEvents } from './modules/tasks/events';
import type { DomainEvents, EventOf } from './platform/domain-events';

/** Every domain event, by type: each area declares its own in its `events.ts`. */
export type DomainEventMap = TaskEvents;
export type DomainEvent = EventOf<DomainEventMap>;
export type AppEvents = DomainEvents<DomainEventMap>;
