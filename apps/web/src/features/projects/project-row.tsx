import { Link } from 'react-router';
import type { ProjectDetails } from './api';
import { MemberAvatars } from './member-avatars';
import { roleLabels } from './messages';

export interface ProjectRowProps {
  project: ProjectDetails;
}

/** One project in the dashboard list; the whole card is the link to it. */
export function ProjectRow({ project }: ProjectRowProps) {
  return (
    <li className="relative flex flex-col gap-3 rounded-lg border border-border bg-bg p-4 focus-within:outline-2 focus-within:outline-ring hover:bg-surface">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-base font-semibold">
          <Link to={`/${project.id}`} className="break-words outline-none after:absolute after:inset-0">
            {project.name}
          </Link>
        </h2>
        <span className="shrink-0 rounded-full bg-surface-strong px-2 py-0.5 text-xs font-medium">
          <span className="sr-only">Your role: </span>
          {roleLabels[project.role]}
        </span>
      </div>
      {project.description ? <p className="line-clamp-2 text-sm text-muted">{project.description}</p> : null}
      <MemberAvatars members={project.members} memberCount={project.memberCount} />
    </li>
  );
}
