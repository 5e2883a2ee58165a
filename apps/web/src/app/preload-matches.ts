import type { ComponentType } from 'react';
import { type Location, matchRoutes, type RouteObject } from 'react-router';
import type { LazyPage } from './lazy-page';

function isLazyPage(component: ComponentType): component is LazyPage {
  return 'preload' in component;
}

/**
 * Starts fetching the code of every route that `location` matches, all at once, rather than each as its parent
 * renders: a deep link such as /{id}/kanban needs four chunks, one inside the other. Answers the fetches still under
 * way (or failed); none once all the code is here.
 */
export function preloadMatches(routes: RouteObject[], location: Partial<Location>): Promise<unknown>[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route: { Component } }) => {
    const loading = Component && isLazyPage(Component) ? Component.preload() : null;
    return loading ? [loading] : [];
  });
}
