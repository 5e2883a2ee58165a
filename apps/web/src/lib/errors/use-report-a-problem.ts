import { useCallback, useContext, useEffect } from 'react';
import { toast } from '../../ui/toast';
import { AuthContext } from '../auth-context';
import { openFeedbackDialog, preloadFeedbackDialog } from './reporting';

/**
 * Opens the feedback dialog for whoever is signed in (if anyone: the error page shows outside sessions too). A page
 * that offers it fetches the dialog's code in the background once shown.
 */
export function useReportAProblem(): () => void {
  const user = useContext(AuthContext)?.user ?? null;
  const name = user?.name ?? null;
  const email = user?.email ?? null;
  useEffect(preloadFeedbackDialog, []);
  return useCallback(() => {
    openFeedbackDialog(name !== null && email !== null ? { name, email } : null).catch((error: unknown) => {
      console.warn('The feedback dialog could not open', error);
      toast.error('The report form could not be opened. Please try again later.');
    });
  }, [name, email]);
}
