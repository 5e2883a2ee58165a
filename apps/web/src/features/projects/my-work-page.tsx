import { EmptyState } from '../../ui/empty-state';
import { ProjectPage } from './project-page';

/** /:id/my-work — the tasks assigned to the signed-in person. Tasks come with their own issue. */
export function MyWorkPage() {
  return (
    <ProjectPage title="My work">
      <EmptyState title="Nothing assigned to you">
        Tasks assigned to you in this project will be listed here, grouped by due date, so you can see what needs doing
        next.
      </EmptyState>
    </ProjectPage>
  );
}
