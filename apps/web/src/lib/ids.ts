const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Project ids are UUIDs (DESIGN.md §4); any other first path segment cannot name a project. */
export function isProjectId(value: string): boolean {
  return uuidPattern.test(value);
}
