import { useEffect } from 'react';
import { reportError } from '../lib/errors/reporting';
import { useReportAProblem } from '../lib/errors/use-report-a-problem';
import { Button } from '../ui/button';

/**
 * Errors that escape a route: the error is reported and the page offers a way to reload (for instance after a
 * deploy) and to tell what happened (the feedback dialog).
 */
export function RouteError({ error }: { error: unknown }) {
  const reportAProblem = useReportAProblem();

  useEffect(() => {
    console.error('Route error', error);
    reportError(error);
  }, [error]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Something went wrong · Deckhand</title>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted">This page could not be shown. Reloading usually helps.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="secondary" onClick={reportAProblem}>
          Report a problem
        </Button>
      </div>
    </main>
  );
}
