import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { Button } from '../ui/button';

/** Errors that escape a route: not-found for 404s, otherwise a way to reload (for instance after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Route error', error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Something went wrong · Deckhand</title>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted">This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
