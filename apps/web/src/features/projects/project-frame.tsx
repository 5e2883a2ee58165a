import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { projectQuery } from './api';
import { ProjectHeader } from './project-header';
import { useProjectDeparture } from './use-project-departure';

export interface ProjectFrameProps {
  projectId: string;
  notFound: ReactNode;
  onProjectOpened(projectId: string): void;
}

/** Loads the project, then shows its header and navigation around the page of the current area. */
export function ProjectFrame({ projectId, notFound, onProjectOpened }: ProjectFrameProps) {
  const { data: project, error, isRefetching, refetch } = useQuery(projectQuery(projectId));
  const loaded = project !== undefined;
  useProjectDeparture(projectId);

  const remembered = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || remembered.current === projectId) return;
    remembered.current = projectId;
    onProjectOpened(projectId);
  }, [loaded, projectId, onProjectOpened]);

  // Also after a refetch: a project that answers 404 now is gone for this person, whatever the cache holds.
  if (errorCodeOf(error) === 'projects/not-found') return notFound;
  if (project === undefined) {
    return (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {error ? (
          <RetryPanel message="This project could not be loaded." onRetry={() => refetch()} retrying={isRefetching} />
        ) : (
          <DotsLoader label="Loading project" className="py-16" />
        )}
      </main>
    );
  }
  return (
    <div className="flex flex-1 flex-col">
      <ProjectHeader project={project} />
      <Outlet />
    </div>
  );
}
