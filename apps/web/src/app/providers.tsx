import type { ReactNode } from 'react';
import { ErrorReporting } from '../lib/errors/error-reporting';
import { Toaster } from '../ui/toaster';
import { AuthProvider } from './auth-provider';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ErrorReporting />
      {children}
      <Toaster />
    </AuthProvider>
  );
}
