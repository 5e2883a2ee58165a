import type { ClientEventInput } from '@deckhand/contract/events';
import type { AppDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';

const clientEventLimit = { name: 'client-events-ip', max: 120, windowMs: 60_000 };

/**
 * Records a usage event a browser sent (spec §7: `page_open`), for the actor or for nobody when the caller is not
 * signed in (`address`: where the request came from, for the rate limit). The write is the usage event itself, so
 * nothing else follows and no domain event is recorded.
 * @throws request/rate-limited past 120 events a minute from one address
 */
export async function recordClientEvent(
  deps: Pick<AppDeps, 'usage' | 'rateLimits'>,
  actor: Actor | null,
  input: ClientEventInput & { address: string },
): Promise<void> {
  const limit = [{ limit: clientEventLimit, key: input.address }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, limit);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'Too many events', { retryAfterSeconds: waitSeconds });
  }
  await recordHits(deps.rateLimits, limit);
  void deps.usage.record({ name: input.name, userId: actor?.userId ?? null, properties: input.properties });
}
