import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';

/** A random `#rrggbb` from the whole 24-bit range (spec §3). */
export function randomColor(): string {
  return `#${randomInt(0, 0x1000000).toString(16).padStart(6, '0')}`;
}

/** Creates the profile of spec §3 unless it exists: name = display name or 'User', avatar = account photo or ''. */
export async function createProfileIfMissing(
  db: Db,
  input: { userId: string; name?: string | undefined; avatarUrl?: string | undefined },
): Promise<void> {
  await db
    .insert(profiles)
    .values({
      userId: input.userId,
      name: input.name?.trim() || 'User',
      avatarUrl: input.avatarUrl ?? '',
      color: randomColor(),
    })
    .onConflictDoNothing();
}
