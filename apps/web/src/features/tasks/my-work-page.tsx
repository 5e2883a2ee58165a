import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useNow } from '../../lib/use-now';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { RetryPanel } from '../../ui/retry-panel';
import { toast } from '../../ui/toast';
import { cardPath } from '../cards/paths';
import { projectListQuery } from '../projects/api';
import { ProjectPage } from '../projects/project-page';
import { useRouteProject } from '../projects/use-route-project';
import { type ClientMyWorkTask, myWorkQuery, useUpdateTask } from './api';
import { type DueGroup, dueGroup } from './due';
import { taskErrorMessage } from './messages';
import { DueBadge, PriorityBadge } from './task-meta';

const groups: { id: DueGroup; title: string }[] = [
  { id: 'overdue', title: 'Overdue' },
  { id: 'today', title: 'Today' },
  { id: 'week', title: 'This week' },
  { id: 'later', title: 'Later' },
  { id: 'none', title: 'No date' },
];

const countLabel = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);

/** /:id/my-work — the signed-in person's open tasks by when they are due, in this project or in all of theirs. */
export function MyWorkPage() {
  const project = useRouteProject();
  const [params, setParams] = useSearchParams();
  const allProjects = params.get('all') === 'true';
  const work = useQuery(myWorkQuery(allProjects ? null : project.id));
  const update = useUpdateTask();
  const now = useNow();
  // Other projects' abilities, for All projects: a viewer's tasks are shown without a checkbox to tick.
  const projects = useQuery({ ...projectListQuery(), enabled: allProjects });
  const writable = useMemo(() => {
    const byId = new Map<string, boolean>((projects.data ?? []).map((item) => [item.id, item.abilities.write]));
    byId.set(project.id, project.abilities.write);
    return byId;
  }, [projects.data, project.id, project.abilities.write]);
  const canComplete = (task: ClientMyWorkTask) => writable.get(task.projectId) ?? true;
  /** Ticked and on their way out: shown ticked until the list, asked again, no longer has them. */
  const [completing, setCompleting] = useState<ReadonlySet<string>>(new Set());

  function complete(task: ClientMyWorkTask): void {
    setCompleting((current) => new Set(current).add(task.id));
    update.mutate(
      { taskId: task.id, input: { done: true } },
      {
        onSuccess: () => toast.success(`Completed “${task.title}”`),
        onError: (failure) => {
          setCompleting((current) => {
            const next = new Set(current);
            next.delete(task.id);
            return next;
          });
          toast.error(taskErrorMessage(failure, 'The task could not be completed.'));
        },
      },
    );
  }

  const byGroup = new Map<DueGroup, ClientMyWorkTask[]>();
  for (const task of work.data ?? []) {
    const group = dueGroup(task.dueAt, now);
    byGroup.set(group, [...(byGroup.get(group) ?? []), task]);
  }

  return (
    <ProjectPage title="My work">
      <div className="mb-6 flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={allProjects}
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (allProjects) next.delete('all');
                else next.set('all', 'true');
                return next;
              },
              { replace: true },
            )
          }
          className="group inline-flex items-center gap-2 text-sm font-medium"
        >
          <span
            aria-hidden="true"
            className="relative inline-flex h-6 w-10 items-center rounded-full bg-surface-strong transition-colors group-aria-checked:bg-primary"
          >
            <span className="absolute left-1 size-4 rounded-full bg-bg shadow transition-transform group-aria-checked:translate-x-4" />
          </span>
          All projects
        </button>
      </div>
      {work.data === undefined ? (
        work.isError ? (
          <RetryPanel message="Your tasks could not be loaded." onRetry={() => work.refetch()} />
        ) : (
          <DotsLoader label="Loading your tasks" className="py-16" />
        )
      ) : work.data.length === 0 ? (
        <EmptyState title="Nothing assigned to you">
          {allProjects
            ? 'No open task is assigned to you in any of your projects.'
            : 'No open task of this project is assigned to you. Tasks assigned to you appear here, by due date.'}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-8">
          {groups
            .filter((group) => (byGroup.get(group.id)?.length ?? 0) > 0)
            .map((group) => (
              <section key={group.id} aria-labelledby={`my-work-${group.id}`}>
                <div className="mb-2 flex items-baseline gap-2">
                  <h3 id={`my-work-${group.id}`} className="text-base font-semibold">
                    {group.title}
                  </h3>
                  <span className="text-sm text-muted">{countLabel(byGroup.get(group.id)?.length ?? 0)}</span>
                </div>
                <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
                  {byGroup.get(group.id)?.map((task) => (
                    <li key={task.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                      <label className="flex min-w-0 flex-1 items-center gap-2">
                        <input
                          type="checkbox"
                          checked={completing.has(task.id)}
                          disabled={completing.has(task.id) || !canComplete(task)}
                          title={canComplete(task) ? undefined : 'Viewers cannot complete tasks'}
                          onChange={() => complete(task)}
                          className="size-4 shrink-0 accent-primary"
                        />
                        <span className="truncate" title={task.title}>
                          {task.title}
                        </span>
                      </label>
                      <PriorityBadge priority={task.priority} />
                      <Link to={cardPath(task.projectId, task.cardId)} className="text-sm text-primary underline">
                        {task.cardTitle}
                      </Link>
                      <span className="text-sm text-muted">{task.projectName}</span>
                      <DueBadge dueAt={task.dueAt} doneAt={task.doneAt} now={now} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      )}
    </ProjectPage>
  );
}
