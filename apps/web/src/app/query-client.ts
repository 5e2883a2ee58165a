import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api';
import { onForgetCachedAnswers } from '../lib/cached-answers';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network errors and 5xx get two more tries.
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

/** The one query client of the page: it outlives the layout that provides it, as people move in and out of it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Cached answers belong to the person who was signed in.
onForgetCachedAnswers(() => queryClient.clear());
