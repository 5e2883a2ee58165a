import { Profile, type ProfilePatch } from '@deckhand/contract/profile';
import { api, apiData } from '../../lib/api';
import type { UserProfile } from '../../lib/auth-context';
import { camelize } from '../../lib/case';

export function getProfile(): Promise<UserProfile> {
  return apiData(Profile, 'profile');
}

/** Merge update: only the fields present change. Resolves with the saved profile. */
export async function updateProfile(patch: ProfilePatch): Promise<UserProfile> {
  const saved = Profile.safeParse(await api('profile', { method: 'PATCH', body: patch }));
  // The answer is expected to be the profile; if it is not, read it back rather than guess.
  return saved.success ? camelize(saved.data) : getProfile();
}
