import type { TokenScope } from '@deckhand/contract/tokens';

/**
 * Who makes a change or a request: a person, signed in or through one of their API tokens (an import acts as
 * its importer). A token acts as its owner, within its scope and projects.
 */
export interface Actor {
  userId: string;
  /** Set when the request came with an API token. */
  token?: ActorToken;
}

export interface ActorToken {
  id: string;
  scope: TokenScope;
  /** The projects the token is limited to; null for all its owner's. */
  projectIds: string[] | null;
}

/** The projects an actor's token is limited to; null when it reaches all its owner's (or is no token). */
export function projectLimitOf(actor: Actor): string[] | null {
  return actor.token?.projectIds ?? null;
}

/** Whether the actor may reach the project as far as its token goes (membership is checked apart). */
export function withinProjectLimit(actor: Actor, projectId: string | null): boolean {
  const limit = projectLimitOf(actor);
  return limit === null || (projectId !== null && limit.includes(projectId));
}
