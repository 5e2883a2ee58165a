import { Suspense, use, useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { FullPageLoader } from '../ui/full-page-loader';
import { preloadMatches } from './preload-matches';
import { RouteErrorBoundary } from './route-error-boundary';
import { routes } from './routes';

/** Whether `loads` have all settled, failures included; once true, true for good. */
function useSettledOnce(loads: Promise<unknown>[]): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let current = true;
    void Promise.allSettled(loads).then(() => {
      if (current) setSettled(true);
    });
    return () => {
      current = false;
    };
  }, [loads, settled]);
  return settled;
}

function MatchedRoutes() {
  const location = useLocation();
  // A new location's code is awaited before any of its routes renders, as the data router did. BrowserRouter moves
  // to a new location in a transition, so meanwhile the page on screen stays; a failure goes to the error boundary.
  for (const loading of preloadMatches(routes, location)) use(loading);
  return useRoutes(routes);
}

function AppRoutes() {
  // The first page waits for its code without suspending: React holds back a Suspense boundary's content for 300 ms
  // after its fallback showed, which would delay the first paint of every visit.
  const firstPageReady = useSettledOnce(preloadMatches(routes, useLocation()));
  return firstPageReady ? <MatchedRoutes /> : <FullPageLoader />;
}

/**
 * Declarative mode rather than the data router: the app uses none of its data APIs, and leaving createRouter out
 * makes the first load of every page smaller (docs/architecture.md).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        {/* Shows only for a page whose code failed on the first load, on its way to the error page: a navigation
            suspends in its transition, which keeps the current page on screen instead. */}
        <Suspense fallback={<FullPageLoader />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
