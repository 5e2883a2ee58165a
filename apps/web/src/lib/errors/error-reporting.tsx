import { useEffect } from 'react';
import { useAuth } from '../auth-context';
import { loadErrorReporting, setReportingUser } from './reporting';

/** Starts error reporting (the SDK itself arrives after the first paint) and keeps its user, the id only, in step. */
export function ErrorReporting() {
  const { user, loading } = useAuth();
  const id = user?.id ?? null;

  useEffect(() => {
    void loadErrorReporting();
  }, []);

  useEffect(() => {
    if (!loading) setReportingUser(id);
  }, [id, loading]);

  return null;
}
