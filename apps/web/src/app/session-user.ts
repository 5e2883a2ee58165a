import type { User, UserProfile } from '../lib/auth-context';
import type { Session } from '../lib/session-refresh';

/** The `user` of auth answers (login, register, refresh). */
export type SessionUser = Session['user'];

/** The signed-in person from what is known: the profile, else the auth answer's user until the profile loads. */
export function buildUser(profile: UserProfile | null, seed: SessionUser | null): User | null {
  // The auth answer is newer than a profile loaded before it (a verification may have happened in between).
  if (profile) return { ...profile, emailVerified: seed?.emailVerified ?? profile.emailVerified };
  if (!seed) return null;
  return {
    id: seed.id,
    email: seed.email,
    name: seed.name,
    avatarUrl: '',
    color: '',
    lastProjectId: '',
    emailVerified: seed.emailVerified,
  };
}
