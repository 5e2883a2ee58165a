/** The driver's error under drizzle's wrapper (drizzle puts it in `cause`). */
function driverError(err: unknown): Record<string, unknown> | undefined {
  const cause = err instanceof Error && 'cause' in err ? err.cause : err;
  return typeof cause === 'object' && cause !== null ? (cause as Record<string, unknown>) : undefined;
}

/**
 * Whether `err` is PostgreSQL's unique_violation (23505), on PGlite and node-postgres alike; with `constraint`,
 * only a violation of that index.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const cause = driverError(err);
  if (cause?.code !== '23505') return false;
  return constraint === undefined || cause.constraint === constraint;
}
