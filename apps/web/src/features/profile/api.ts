import type { ProfilePatch } from '@deckhand/contract/profile';
import { api, apiDataImporting } from '../../lib/api';
import type { UserProfile } from '../../lib/auth-context';
import { camelize } from '../../lib/case';

/**
 * The schema, and zod with it, comes with the first request: the session loads the profile, so this is first-load
 * code.
 */
const profileSchema = async () => (await import('@deckhand/contract/profile')).Profile;

export function getProfile(): Promise<UserProfile> {
  return apiDataImporting(profileSchema, 'profile');
}

/** Merge update: only the fields present change. Resolves with the saved profile. */
export async function updateProfile(patch: ProfilePatch): Promise<UserProfile> {
  const [schema, answer] = await Promise.all([profileSchema(), api('profile', { method: 'PATCH', body: patch })]);
  const saved = schema.safeParse(answer);
  // The answer is expected to be the profile; if it is not, read it back rather than guess.
  return saved.success ? camelize(saved.data) : getProfile();
}
