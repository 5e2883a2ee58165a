import type { AppDeps } from './app-deps';
import { registerTaskSubscribers } from './modules/tasks/subscribers';

/** Every area's subscribers to the domain events; each area registers only the effects it owns. */
export function registerSubscribers(deps: AppDeps): void {
  registerTaskSubscribers(deps);
}
