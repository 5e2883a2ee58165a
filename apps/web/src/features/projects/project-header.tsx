import type { ProjectDetails } from './api';
import { ProjectNav } from './project-nav';
import { ProjectSwitcher } from './project-switcher';

export interface ProjectHeaderProps {
  project: ProjectDetails;
}

/** The project's name, the switcher to the other projects, and the navigation between its areas. */
export function ProjectHeader({ project }: ProjectHeaderProps) {
  return (
    <div className="border-b border-border bg-bg">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-5">
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="min-w-0 truncate text-2xl font-semibold">{project.name}</h1>
          <ProjectSwitcher currentProjectId={project.id} />
        </div>
        <ProjectNav projectId={project.id} />
      </div>
    </div>
  );
}
