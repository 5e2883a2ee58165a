import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Menu } from '../../ui/menu';
import { MenuItem } from '../../ui/menu-item';
import { projectListQuery } from './api';
import { switchProjectPath } from './project-sections';

export interface ProjectSwitcherProps {
  currentProjectId: string;
}

/** A menu of the person's projects; choosing one opens the same area there. */
export function ProjectSwitcher({ currentProjectId }: ProjectSwitcherProps) {
  const { data: projects } = useQuery(projectListQuery());
  const navigate = useNavigate();
  // The address bar's path, not useLocation's: a navigation waits in a transition while its page's code loads, and
  // until then useLocation still names the page on screen, so switching right after choosing an area would open the
  // area left behind.
  const switchTo = (projectId: string) => navigate(switchProjectPath(window.location.pathname, projectId));

  return (
    <Menu
      align="start"
      trigger={
        <button
          type="button"
          aria-label="Switch project"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-strong hover:text-fg"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
            <path d="M4 6l4 4 4-4" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      }
    >
      {(projects ?? []).map((project) => (
        <MenuItem key={project.id} onSelect={() => switchTo(project.id)}>
          <span className="flex-1 truncate">{project.name}</span>
          {project.id === currentProjectId ? (
            <>
              <span className="sr-only">(current)</span>
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
                <path d="M3.5 8.5l3 3 6-7" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </>
          ) : null}
        </MenuItem>
      ))}
      <MenuItem onSelect={() => navigate('/dashboard')}>All projects</MenuItem>
    </Menu>
  );
}
