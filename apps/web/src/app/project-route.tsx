import { NotFoundPage } from '../features/not-found/not-found-page';
import { ProjectLayout } from '../features/projects/project-layout';

/** Composes the project layout with the not-found page, since features do not import each other. */
export function ProjectRoute() {
  return <ProjectLayout notFound={<NotFoundPage />} />;
}
