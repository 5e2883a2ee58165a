import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { type ProjectDetails, projectQuery } from './api';

/** The `:id` of the project routes. */
export function useRouteProjectId(): string {
  const { id } = useParams();
  if (id === undefined) throw new Error('useRouteProjectId is for the routes under /:id');
  return id;
}

/** The open project, for pages inside ProjectLayout (which renders them only once it is loaded). */
export function useRouteProject(): ProjectDetails {
  return useSuspenseQuery(projectQuery(useRouteProjectId())).data;
}
