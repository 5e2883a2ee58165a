import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/**
 * Around the pages that read the API through TanStack Query. The landing and sign-in pages do not, and as a route of
 * its own its code stays out of their first load.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
