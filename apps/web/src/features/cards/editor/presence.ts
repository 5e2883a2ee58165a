/** A person shown on the card (its avatars and carets), as the project's member list shows them. */
export interface PresentUser {
  userId: string;
  name: string;
  color: string;
  avatarUrl: string;
}

/**
 * The user id in an awareness state's `user`. The server rewrites every state to `{ user: { id } }`, the person
 * that sent it, so this id is all that is read: names and avatars a client announces never reach the page.
 */
export function presenceUserId(user: unknown): string | undefined {
  if (typeof user !== 'object' || user === null || !('id' in user)) return undefined;
  return typeof user.id === 'string' && user.id !== '' ? user.id : undefined;
}

/** The ids of the people with the card open, once each (a person with two tabs is one avatar), `selfId` first. */
export function presentUserIds(states: readonly { [key: string]: unknown }[], selfId: string): string[] {
  const ids = new Set<string>();
  for (const state of states) {
    const id = presenceUserId(state.user);
    if (id !== undefined) ids.add(id);
  }
  return [...ids].sort((a, b) => Number(b === selfId) - Number(a === selfId));
}

/**
 * Who each id on the card is: the project's members, and the signed-in person even before the list has loaded.
 * Only the fields presence shows are kept.
 */
export function peopleById(members: readonly PresentUser[], self: PresentUser | null): Map<string, PresentUser> {
  const people = new Map<string, PresentUser>();
  for (const { userId, name, color, avatarUrl } of members) people.set(userId, { userId, name, color, avatarUrl });
  if (self && !people.has(self.userId)) people.set(self.userId, self);
  return people;
}

/** The people with the card open; an id not (yet) among the members is left out until the list has it. */
export function presentPeople(userIds: readonly string[], people: ReadonlyMap<string, PresentUser>): PresentUser[] {
  return userIds.flatMap((userId) => people.get(userId) ?? []);
}
