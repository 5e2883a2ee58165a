import type { TaskPriority } from '@deckhand/contract/tasks';
import { Avatar } from '../../ui/avatar';
import type { ProjectMember } from '../projects/api';
import { formatDue, isOverdue } from './due';

export const priorityLabels: Record<TaskPriority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const priorityClass: Record<TaskPriority, string> = {
  none: '',
  low: 'bg-surface-strong text-muted',
  medium: 'bg-primary-soft text-fg',
  high: 'bg-warning-soft text-fg',
  urgent: 'bg-danger-soft text-danger',
};

/** Assignees as overlapping avatars, named for assistive technology. */
export function AssigneeAvatars({ ids, members }: { ids: string[]; members: Map<string, ProjectMember> }) {
  const people = ids.map((id) => members.get(id)).filter((member) => member !== undefined);
  if (people.length === 0) return null;
  const names = people.map((member) => member.name).join(', ');
  return (
    <span className="flex -space-x-1.5" title={names}>
      <span className="sr-only">Assigned to {names}</span>
      {people.slice(0, 4).map((member) => (
        <span key={member.userId} aria-hidden="true" className="rounded-full ring-2 ring-bg">
          <Avatar name={member.name} color={member.color} avatarUrl={member.avatarUrl} size={22} />
        </span>
      ))}
    </span>
  );
}

/** The due date; red, and said to be overdue, once it has passed on a task not done. */
export function DueBadge({ dueAt, doneAt, now }: { dueAt: string | null; doneAt: string | null; now: number }) {
  if (!dueAt) return null;
  const overdue = isOverdue(dueAt, doneAt, now);
  return (
    <time
      dateTime={dueAt}
      className={`text-xs ${overdue ? 'font-semibold text-danger' : 'text-muted'}`}
      title={new Date(dueAt).toLocaleString()}
    >
      {overdue ? 'Overdue · ' : 'Due '}
      {formatDue(dueAt, now)}
    </time>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  if (priority === 'none') return null;
  return (
    <span className={`rounded px-1.5 text-xs font-medium ${priorityClass[priority]}`}>{priorityLabels[priority]}</span>
  );
}

export function Labels({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {labels.map((label) => (
        <span key={label} className="rounded-full border border-border px-1.5 text-xs text-muted">
          {label}
        </span>
      ))}
    </span>
  );
}
