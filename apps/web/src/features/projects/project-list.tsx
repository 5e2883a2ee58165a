import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { RetryPanel } from '../../ui/retry-panel';
import { projectListQuery } from './api';
import { ProjectRow } from './project-row';

export interface ProjectListProps {
  onCreateProject(): void;
}

/** The signed-in person's projects, most recently active first. */
export function ProjectList({ onCreateProject }: ProjectListProps) {
  const { data: projects, isError, isRefetching, refetch } = useQuery(projectListQuery());
  if (projects === undefined) {
    if (isError) {
      return (
        <RetryPanel message="Your projects could not be loaded." onRetry={() => refetch()} retrying={isRefetching} />
      );
    }
    return <DotsLoader label="Loading projects" className="py-16" />;
  }
  if (projects.length === 0) {
    return (
      <EmptyState title="No projects yet" action={<Button onClick={onCreateProject}>Create your first project</Button>}>
        A project gathers its cards, chats, tasks and files in one place. Create one and invite the people you work
        with; projects you are invited to appear here too.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your projects" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ul>
  );
}
