import { useCallback, useContext, useEffect } from 'react';
import { toast } from '../../ui/toast';
import { AuthContext } from '../auth-context';
import { openFeedbackDialog, preloadFeedbackDialog } from './reporting';

/** How long the dialog may take to open before the person is told it is on its way. */
const slowOpeningMs = 400;
const openingToastId = 'report-form-opening';

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
    // Its code may still be on its way (a slow connection): past a moment, say that something is happening.
    let told = false;
    const slow = setTimeout(() => {
      told = true;
      toast.info('Opening the report form…', { toastId: openingToastId, autoClose: false });
    }, slowOpeningMs);
    openFeedbackDialog(name !== null && email !== null ? { name, email } : null)
      .catch((error: unknown) => {
        console.warn('The feedback dialog could not open', error);
        toast.error('The report form could not be opened. Please try again later.');
      })
      .finally(() => {
        clearTimeout(slow);
        if (told) toast.dismiss(openingToastId);
      });
  }, [name, email]);
}
