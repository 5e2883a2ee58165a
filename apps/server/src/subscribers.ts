import type { AppDeps } from './app-deps';
import { registerActivitySubscribers } from './modules/activity/subscribers';
import { registerAuthSubscribers } from './modules/auth/subscribers';
import { registerCardSubscribers } from './modules/cards/subscribers';
import { registerChatSubscribers } from './modules/chats/subscribers';
import { registerFileSubscribers } from './modules/files/subscribers';
import { registerMessageSubscribers } from './modules/messages/subscribers';
import { registerNotificationSubscribers } from './modules/notifications/subscribers';
import { registerProfileSubscribers } from './modules/profile/subscribers';
import { registerProjectSubscribers } from './modules/projects/subscribers';
import { registerSearchSubscribers } from './modules/search/subscribers';
import { registerTaskSubscribers } from './modules/tasks/subscribers';

/** Every area's subscribers to the domain events; each area registers only the effects it owns. */
export function registerSubscribers(deps: AppDeps): void {
  registerTaskSubscribers(deps);
  registerCardSubscribers(deps);
  registerChatSubscribers(deps);
  registerFileSubscribers(deps);
  registerProjectSubscribers(deps);
  registerMessageSubscribers(deps);
  registerAuthSubscribers(deps);
  registerProfileSubscribers(deps);
  registerNotificationSubscribers(deps);
  registerActivitySubscribers(deps);
  registerSearchSubscribers(deps);
}
