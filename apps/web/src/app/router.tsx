import { Suspense, use } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { FullPageLoader } from '../ui/full-page-loader';
import { preloadMatches } from './preload-matches';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

function AppRoutes() {
  const location = useLocation();
  // The code of the matched routes is awaited here, before any of them renders, as the data router did: BrowserRouter
  // moves to a new location in a transition, so the page on screen stays until the next one's code is all here, and
  // no page suspends later in an update that is not a navigation.
  for (const loading of preloadMatches(routes, location)) use(loading);
  return useRoutes(routes);
}

/**
 * Declarative mode rather than the data router: the app uses none of its data APIs, and leaving createRouter out
 * makes the first load of every page smaller (docs/architecture.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        {/* Shown only while the first page's code loads: navigations keep the current page meanwhile. */}
        <Suspense fallback={<FullPageLoader />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
