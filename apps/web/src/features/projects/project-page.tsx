import type { ReactNode } from 'react';
import { useRouteProject } from './use-route-project';

export interface ProjectPageProps {
  /** The area's name: the page heading, and part of the document title. */
  title: string;
  children: ReactNode;
}

/** The frame of one area of a project, below the project header. */
export function ProjectPage({ title, children }: ProjectPageProps) {
  const project = useRouteProject();
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
      <title>{`${title} · ${project.name} · Deckhand`}</title>
      <h2 className="mb-6 text-xl font-semibold">{title}</h2>
      {children}
    </main>
  );
}
