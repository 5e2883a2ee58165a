import type { Profile, ProfilePatch } from '@deckhand/contract/profile';
import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { profiles } from '../../../db/schema/profiles';
import type { Actor } from '../../../platform/actor';
import { getProfile } from '../queries/profiles';

/**
 * Merge update of the actor's own profile: only the fields present in `input` change. Records `profile.updated`
 * when any is present.
 * @throws auth/unauthenticated (account gone)
 */
export async function updateProfile(deps: CommandDeps, actor: Actor, input: ProfilePatch): Promise<Profile> {
  const { userId } = actor;
  return deps.events.transaction(async ({ tx, emit }) => {
    const previous = await getProfile(tx, userId);
    const changes = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.avatar_url !== undefined && { avatarUrl: input.avatar_url }),
      ...(input.color !== undefined && { color: input.color.toLowerCase() }),
      ...(input.last_project_id !== undefined && { lastProjectId: input.last_project_id }),
    };
    if (Object.keys(changes).length === 0) return previous;
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.userId, userId));
    const profile = await getProfile(tx, userId);
    emit({ type: 'profile.updated', actor, userId, profile, previous });
    return profile;
  });
}
