import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiRequestError } from '../lib/api';
import { ErrorReporting } from '../lib/errors/error-reporting';
import { Toaster } from '../ui/toaster';
import { AuthProvider } from './auth-provider';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will not change by asking again; network errors and 5xx get two more tries.
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ErrorReporting />
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
