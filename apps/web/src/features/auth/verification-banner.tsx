import { useState } from 'react';
import { errorCodeOf } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { resendVerificationMail } from './api';
import { authMessages } from './messages';

/** Reminds a signed-in person whose address is not verified yet; dismissible for this page load. */
export function VerificationBanner() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(false);
  const [pending, setPending] = useState(false);
  if (dismissed || user?.emailVerified !== false) return null;

  async function handleResend(): Promise<void> {
    setPending(true);
    try {
      await resendVerificationMail();
      toast.success(authMessages.verificationResent);
    } catch (error) {
      const code = errorCodeOf(error);
      const limited = code === 'auth/too-many-attempts' || code === 'request/rate-limited';
      toast.error(limited ? authMessages.verificationResendLimited : authMessages.verificationResendFailed);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-label="Address verification" className="border-b border-border bg-warning-soft">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">
          Please verify your email address: we sent a link to <strong>{user.email}</strong>.
        </p>
        <Button variant="secondary" size="sm" onClick={handleResend} disabled={pending}>
          Resend verification email
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
