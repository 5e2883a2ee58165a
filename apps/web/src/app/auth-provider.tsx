import type { ReactNode } from 'react';
import { AuthContext } from '../lib/auth-context';
import { useAuthSession } from './use-auth-session';

export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useAuthSession();
  return <AuthContext value={value}>{children}</AuthContext>;
}
