import { useCallback } from 'react';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { updateProfile } from '../features/profile/api';
import { ProjectLayout } from '../features/projects/project-layout';
import { useAuth } from '../lib/auth-context';

/** Composes the project layout with the not-found page and the profile, since features do not import each other. */
export function ProjectRoute() {
  const { applyProfile } = useAuth();
  const rememberLastProject = useCallback(
    (projectId: string) => {
      // The profile's last project is a convenience: failing to save it must not disturb anyone.
      updateProfile({ last_project_id: projectId })
        .then(applyProfile)
        .catch((error: unknown) => console.warn('The last project was not saved in the profile', error));
    },
    [applyProfile],
  );
  return <ProjectLayout notFound={<NotFoundPage />} onProjectOpened={rememberLastProject} />;
}
