import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { openFeedbackDialog } from './reporting';

/** Opens the feedback dialog, or says why it could not. */
export function useReportAProblem(): () => void {
  return useCallback(() => {
    openFeedbackDialog().catch((error: unknown) => {
      console.warn('The feedback dialog could not open', error);
      toast.error('The report form could not be opened. Please try again later.');
    });
  }, []);
}
