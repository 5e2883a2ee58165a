import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NewCardDialog } from '../features/cards/new-card-dialog';
import { projectListQuery, projectQuery } from '../features/projects/api';
import { NewProjectForm } from '../features/projects/new-project-form';
import { KeyboardShortcutsDialog } from '../features/search/keyboard-shortcuts-dialog';
import { SearchButton } from '../features/search/search-button';
import { SearchPalette } from '../features/search/search-palette';
import { usePaletteHotkey } from '../features/search/use-palette-hotkey';
import { NewTaskDialog } from '../features/tasks/new-task-dialog';
import { useAuth } from '../lib/auth-context';
import { isId, isProjectId } from '../lib/ids';
import { saveThemePreference, useTheme } from '../lib/theme';
import { Dialog } from '../ui/dialog';
import { toast } from '../ui/toast';
import { chooseActionProject, paletteActions } from './palette-actions';
import { useAppShortcuts } from './use-app-shortcuts';

interface NewTaskTarget {
  projectId: string;
  cardId?: string;
}

/**
 * The header's Search button and everything reached from the keyboard: the Search palette (Ctrl K), the Keyboard
 * shortcuts dialog (`?`), the `g` shortcuts, and the dialogs the palette's actions open (new card, task, project).
 * Composed here because it joins several features.
 */
export function CommandCenter() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const theme = useTheme();
  const params = useParams();
  const routeProjectId = params.id !== undefined && isProjectId(params.id) ? params.id : null;
  const routeCardId = params.cardId !== undefined && isId(params.cardId) ? params.cardId : undefined;
  const lastProjectId = user?.lastProjectId && isProjectId(user.lastProjectId) ? user.lastProjectId : null;

  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  const [newCardIn, setNewCardIn] = useState<string | null>(null);
  const [newTaskIn, setNewTaskIn] = useState<NewTaskTarget | null>(null);

  // The list is asked for once the palette first opens; the open project is already in the cache (ProjectFrame).
  const projects = useQuery({ ...projectListQuery(), enabled: paletteOpen });
  const routeProject = useQuery({ ...projectQuery(routeProjectId ?? ''), enabled: routeProjectId !== null });
  const canWriteHere = routeProject.data?.abilities.write === true;
  const actionProject = chooseActionProject(
    [...(routeProject.data ? [routeProject.data] : []), ...(projects.data ?? [])],
    routeProjectId,
    lastProjectId,
  );

  usePaletteHotkey(() => setPaletteOpen((open) => !open));
  useAppShortcuts({
    projectId: routeProjectId ?? lastProjectId,
    newCard: routeProjectId && canWriteHere ? () => setNewCardIn(routeProjectId) : null,
    showShortcuts: () => setShortcutsOpen(true),
  });

  const actions = paletteActions(
    actionProject ? { id: actionProject.id, name: actionProject.name, canWrite: actionProject.abilities.write } : null,
    theme,
    {
      newCard: setNewCardIn,
      newTask: (projectId) =>
        setNewTaskIn({ projectId, cardId: projectId === routeProjectId ? routeCardId : undefined }),
      newProject: () => setNewProjectOpen(true),
      goTo: (path) => void navigate(path),
      switchTheme: () => saveThemePreference(theme === 'dark' ? 'light' : 'dark'),
      showShortcuts: () => setShortcutsOpen(true),
    },
  );

  return (
    <>
      <SearchButton onClick={() => setPaletteOpen(true)} />
      <SearchPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        projects={projects.data ?? []}
        actions={actions}
      />
      <KeyboardShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <Dialog open={newProjectOpen} onOpenChange={setNewProjectOpen} title="New project">
        <NewProjectForm onCancel={() => setNewProjectOpen(false)} onCreated={() => setNewProjectOpen(false)} />
      </Dialog>
      {newCardIn ? (
        <NewCardDialog
          projectId={newCardIn}
          open
          onOpenChange={(open) => {
            if (!open) setNewCardIn(null);
          }}
        />
      ) : null}
      {newTaskIn ? (
        <NewTaskDialog
          projectId={newTaskIn.projectId}
          cardId={newTaskIn.cardId}
          open
          onOpenChange={(open) => {
            if (!open) setNewTaskIn(null);
          }}
          onCreated={(task) => {
            setNewTaskIn(null);
            if (task.cardId === routeCardId) toast.success('Task added.');
            else void navigate(`/${task.projectId}/kanban?task=${task.id}`);
          }}
        />
      ) : null}
    </>
  );
}
