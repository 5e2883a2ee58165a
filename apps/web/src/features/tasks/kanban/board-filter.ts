import { dueGroup } from '../due';

/** The board's filters, as they stand in the URL (?assignee=&label=&due=&q=). */
export interface BoardFilter {
  /** A user id, 'none' for unassigned tasks, or '' for everyone's. */
  assignee: string;
  label: string;
  due: '' | 'overdue' | 'week';
  q: string;
}

export const emptyFilter: BoardFilter = { assignee: '', label: '', due: '', q: '' };

export function readFilter(params: URLSearchParams): BoardFilter {
  const due = params.get('due');
  return {
    assignee: params.get('assignee') ?? '',
    label: params.get('label') ?? '',
    due: due === 'overdue' || due === 'week' ? due : '',
    q: params.get('q') ?? '',
  };
}

/** `params` with the filter written in (empty values left out, other parameters kept). */
export function writeFilter(params: URLSearchParams, filter: BoardFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['assignee', 'label', 'due', 'q'] as const) {
    if (filter[key]) next.set(key, filter[key]);
    else next.delete(key);
  }
  return next;
}

export function isFiltering(filter: BoardFilter): boolean {
  return Boolean(filter.assignee || filter.label || filter.due || filter.q.trim());
}

interface FilterableTask {
  title: string;
  cardTitle: string;
  assigneeIds: string[];
  labels: string[];
  dueAt: string | null;
  doneAt: string | null;
}

/**
 * Whether a task passes the filter. "This week" holds what is due from now to seven days on (overdue tasks have
 * their own filter); the text matches the task's or its card's title, case-insensitively.
 */
export function matchesFilter(task: FilterableTask, filter: BoardFilter, nowMs: number): boolean {
  if (filter.assignee === 'none' && task.assigneeIds.length > 0) return false;
  if (filter.assignee && filter.assignee !== 'none' && !task.assigneeIds.includes(filter.assignee)) return false;
  if (filter.label && !task.labels.includes(filter.label)) return false;
  if (filter.due) {
    const group = dueGroup(task.dueAt, nowMs);
    if (filter.due === 'overdue' && (group !== 'overdue' || task.doneAt !== null)) return false;
    if (filter.due === 'week' && group !== 'today' && group !== 'week') return false;
  }
  const q = filter.q.trim().toLocaleLowerCase();
  if (q && !task.title.toLocaleLowerCase().includes(q) && !task.cardTitle.toLocaleLowerCase().includes(q)) {
    return false;
  }
  return true;
}
