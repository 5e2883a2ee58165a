/** What each editor announces about themselves through Yjs awareness (carets and the avatars on the card). */
export interface PresentUser {
  userId: string;
  name: string;
  color: string;
  avatarUrl: string;
}

function isPresentUser(value: unknown): value is PresentUser {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, name, color, avatarUrl } = value as Record<string, unknown>;
  return (
    typeof userId === 'string' && typeof name === 'string' && typeof color === 'string' && typeof avatarUrl === 'string'
  );
}

/**
 * The people with the card open, once each (a person with two tabs is one avatar), `selfId` first. Awareness
 * states come from other clients, so anything malformed is skipped rather than trusted.
 */
export function presentUsers(states: readonly { [key: string]: unknown }[], selfId: string): PresentUser[] {
  const byId = new Map<string, PresentUser>();
  for (const state of states) {
    const user = state.user;
    if (isPresentUser(user) && !byId.has(user.userId)) byId.set(user.userId, user);
  }
  return [...byId.values()].sort((a, b) => Number(b.userId === selfId) - Number(a.userId === selfId));
}
