import type { TokenScope } from '@deckhand/contract/tokens';
import { formatDate } from '../../lib/format';
import { formatRelativeTime } from '../../lib/relative-time';

export const scopeLabels: Record<TokenScope, string> = { read: 'Read only', write: 'Read and write' };

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The projects a token reaches, by name. Its limit may name projects the person has left or that were deleted
 * since (the token no longer reaches them): those are counted, not named. `projects` is undefined until loaded.
 */
export function describeTokenProjects(
  projectIds: readonly string[] | null,
  projects: readonly { id: string; name: string }[] | undefined,
): string {
  if (projectIds === null) return 'All projects';
  if (projects === undefined) return countOf(projectIds.length, 'project');
  const names = projectIds.flatMap((id) => projects.find((project) => project.id === id)?.name ?? []);
  const others = projectIds.length - names.length;
  if (others === 0) return names.join(', ');
  const rest = countOf(others, names.length > 0 ? 'other project' : 'project');
  return names.length > 0 ? `${names.join(', ')} and ${rest} you are no longer in` : `${rest} you are no longer in`;
}

export function describeLastUse(lastUsedAt: string | null, nowMs: number): string {
  return lastUsedAt === null ? 'Never used' : `Last used ${formatRelativeTime(lastUsedAt, nowMs)}`;
}

export function isExpired(expiresAt: string | null, nowMs: number): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= nowMs;
}

export function describeExpiry(expiresAt: string | null, nowMs: number): string {
  if (expiresAt === null) return 'Never expires';
  return `${isExpired(expiresAt, nowMs) ? 'Expired' : 'Expires'} ${formatDate(expiresAt)}`;
}
