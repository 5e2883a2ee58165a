import type { PaletteAction } from '../features/search/palette-groups';
import type { Theme } from '../lib/theme';

/** The project the palette's project actions act on: the open one, else the last visited, else the first. */
export interface ActionProject {
  id: string;
  name: string;
  canWrite: boolean;
}

export interface PaletteActionHandlers {
  newCard(projectId: string): void;
  newTask(projectId: string): void;
  newProject(): void;
  goTo(path: string): void;
  switchTheme(): void;
  showShortcuts(): void;
}

/** Picks the project for actions among the caller's: the one open, the last one visited, or the first. */
export function chooseActionProject<P extends { id: string }>(
  projects: readonly P[],
  routeProjectId: string | null,
  lastProjectId: string | null,
): P | null {
  return (
    projects.find((project) => project.id === routeProjectId) ??
    projects.find((project) => project.id === lastProjectId) ??
    projects[0] ??
    null
  );
}

/**
 * The palette's actions. Those about a project need one (and writing ones a role that may write): without it
 * they are left out rather than shown and refused.
 */
export function paletteActions(
  project: ActionProject | null,
  theme: Theme,
  handlers: PaletteActionHandlers,
): PaletteAction[] {
  const actions: PaletteAction[] = [];
  if (project?.canWrite) {
    actions.push(
      { name: 'New card', hint: `in ${project.name}`, run: () => handlers.newCard(project.id) },
      { name: 'New task', hint: `in ${project.name}`, run: () => handlers.newTask(project.id) },
    );
  }
  actions.push({ name: 'New project', run: handlers.newProject });
  if (project) {
    actions.push(
      { name: 'Go to My work', hint: project.name, run: () => handlers.goTo(`/${project.id}/my-work`) },
      { name: 'Go to Kanban', hint: project.name, run: () => handlers.goTo(`/${project.id}/kanban`) },
    );
  }
  actions.push(
    { name: 'Switch theme', hint: theme === 'dark' ? 'to light' : 'to dark', run: handlers.switchTheme },
    { name: 'Keyboard shortcuts', hint: '?', run: handlers.showShortcuts },
  );
  return actions;
}
