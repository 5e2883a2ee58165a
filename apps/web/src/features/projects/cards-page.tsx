import { EmptyState } from '../../ui/empty-state';
import { ProjectPage } from './project-page';

/** /:id — the project's cards. Cards come with their own issue; until then there are none to list. */
export function CardsPage() {
  return (
    <ProjectPage title="Cards">
      <EmptyState title="No cards yet">
        Cards are the topics of a project: each has a live document that everyone edits together, and its own chats. The
        project's cards will be listed here.
      </EmptyState>
    </ProjectPage>
  );
}
