import type { ClientImportCounts } from './api';

/** The counts in the order people think of a project: what it is about first, its board's columns last. */
const countOrder = [
  ['cards', 'card'],
  ['tasks', 'task'],
  ['chats', 'chat'],
  ['messages', 'message'],
  ['files', 'file'],
  ['statuses', 'status'],
] as const satisfies readonly (readonly [keyof ClientImportCounts, string])[];

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** What an import brought in, e.g. "12 cards, 30 tasks, 4 chats, 57 messages, 3 files, 4 statuses". */
export function formatImportCounts(counts: ClientImportCounts): string {
  return countOrder.map(([key, singular]) => plural(counts[key], singular, key)).join(', ');
}

/** A progress of 0 to 1 as a whole percentage, for a progress bar's aria-valuenow. */
export function percentOf(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress * 100)));
}

/** Bytes sent of a total as a whole percentage; an unknown total (0) counts as nothing sent yet. */
export function sentPercent(sent: number, total: number): number {
  return total > 0 ? percentOf(sent / total) : 0;
}
