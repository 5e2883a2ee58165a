import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { useKeyboardShortcut } from '../../lib/use-keyboard-shortcut';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ImportDialog } from '../transfer/import-dialog';
import { projectKeys } from './api';
import { NewProjectForm } from './new-project-form';
import { ProjectList } from './project-list';

/**
 * /dashboard: the projects of the signed-in person, and the ways to start a new one: from scratch (also with `n`)
 * or from a Deckhand export or a Trello board.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const newProjectButton = useRef<HTMLButtonElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  useKeyboardShortcut('n', () => setCreating(true));

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <title>Projects · Deckhand</title>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Projects</h1>
          {user?.name ? <p className="mt-1 text-muted">Welcome, {user.name}.</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button ref={importButton} variant="secondary" onClick={() => setImporting(true)}>
            Import
          </Button>
          <Button ref={newProjectButton} onClick={() => setCreating(true)} aria-keyshortcuts="n">
            New project
            <span aria-hidden="true" className="rounded border border-primary-fg/40 px-1.5 font-sans text-xs">
              N
            </span>
          </Button>
        </div>
      </div>
      <ProjectList onCreateProject={() => setCreating(true)} />
      <Dialog open={creating} onOpenChange={setCreating} title="New project" returnFocusTo={newProjectButton}>
        <NewProjectForm onCancel={() => setCreating(false)} />
      </Dialog>
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        returnFocusTo={importButton}
        onImported={() => void queryClient.invalidateQueries({ queryKey: projectKeys.list() })}
      />
    </main>
  );
}
