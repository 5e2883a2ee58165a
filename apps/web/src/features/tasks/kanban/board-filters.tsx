import { useState } from 'react';
import type { ProjectMember } from '../../projects/api';
import { type BoardFilter, emptyFilter, isFiltering } from './board-filter';

export interface BoardFiltersProps {
  filter: BoardFilter;
  onChange(filter: BoardFilter): void;
  members: ProjectMember[];
  labels: string[];
  shown: number;
  total: number;
}

// At most the bar's width: a select is as wide as its longest option, and a long member name would widen the page.
const controlClass =
  'min-h-9 max-w-full rounded-md border border-border bg-bg px-2 text-sm text-fg focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring';

/** Assignee, label, due and text filters; they live in the URL so a filtered board can be shared. */
export function BoardFilters({ filter, onChange, members, labels, shown, total }: BoardFiltersProps) {
  // The text is the field's own: the URL follows it a little later (the router updates in a transition), and a field
  // showing the URL would drop the keys typed in between.
  const [text, setText] = useState(filter.q);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <input
        type="search"
        aria-label="Filter tasks"
        placeholder="Filter tasks"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange({ ...filter, q: event.target.value });
        }}
        className={`${controlClass} w-48`}
      />
      <select
        aria-label="Assignee"
        value={filter.assignee}
        onChange={(event) => onChange({ ...filter, assignee: event.target.value })}
        className={controlClass}
      >
        <option value="">Anyone</option>
        <option value="none">Unassigned</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Label"
        value={filter.label}
        onChange={(event) => onChange({ ...filter, label: event.target.value })}
        className={controlClass}
      >
        <option value="">Any label</option>
        {labels.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </select>
      <select
        aria-label="Due"
        value={filter.due}
        onChange={(event) => {
          const due = event.target.value;
          onChange({ ...filter, due: due === 'overdue' || due === 'week' ? due : '' });
        }}
        className={controlClass}
      >
        <option value="">Any due date</option>
        <option value="overdue">Overdue</option>
        <option value="week">Due this week</option>
      </select>
      {isFiltering(filter) ? (
        <>
          <span role="status" className="text-sm text-muted">
            {shown} of {total} tasks
          </span>
          <button
            type="button"
            onClick={() => {
              setText('');
              onChange(emptyFilter);
            }}
            className="text-sm text-primary underline"
          >
            Clear filters
          </button>
        </>
      ) : null}
    </div>
  );
}
