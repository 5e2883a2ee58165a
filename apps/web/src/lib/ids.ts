const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id in Deckhand is a UUID (DESIGN.md §4): a path segment that is not one names nothing. */
export function isId(value: string): boolean {
  return uuidPattern.test(value);
}

/** Project ids are UUIDs; any other first path segment cannot name a project. */
export const isProjectId = isId;
