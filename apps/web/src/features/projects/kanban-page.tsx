import { EmptyState } from '../../ui/empty-state';
import { ProjectPage } from './project-page';

/** /:id/kanban — the project's tasks by status. Tasks come with their own issue; until then the board is empty. */
export function KanbanPage() {
  return (
    <ProjectPage title="Kanban">
      <EmptyState title="No tasks on the board yet">
        Tasks belong to the project's cards. Once there are some, they appear here in one column per status, and moving
        a task to another column changes its status for everyone.
      </EmptyState>
    </ProjectPage>
  );
}
