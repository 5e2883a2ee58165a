import type { ActivityEvents } from './modules/activity/events';
import type { AuthEvents } from './modules/auth/events';
import type { CardEvents } from './modules/cards/events';
import type { ChatEvents } from './modules/chats/events';
import type { FileEvents } from './modules/files/events';
import type { MessageEvents } from './modules/messages/events';
import type { NotificationEvents } from './modules/notifications/events';
import type { ProfileEvents } from './modules/profile/events';
import type { ProjectEvents } from './modules/projects/events';
import type { TaskEvents } from './modules/tasks/events';
import type { DomainEvents, EventOf } from './platform/domain-events';

/** Every domain event, by type: each area declares its own in its `events.ts`. */
export type DomainEventMap = ProjectEvents &
  CardEvents &
  ChatEvents &
  MessageEvents &
  TaskEvents &
  FileEvents &
  AuthEvents &
  ProfileEvents &
  NotificationEvents &
  ActivityEvents;
export type DomainEvent = EventOf<DomainEventMap>;
export type AppEvents = DomainEvents<DomainEventMap>;
