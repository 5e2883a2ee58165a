import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { fallbackPath, loginPath } from '../../lib/navigation';
import { DotsLoader } from '../../ui/dots-loader';
import { toast } from '../../ui/toast';
import { verifyEmail } from './api';
import { authMessages } from './messages';

type VerifyResult = 'verified' | 'invalid' | 'failed';

// A verification token works once: remember each attempt so a re-run effect never posts it twice.
const attempts = new Map<string, Promise<VerifyResult>>();

function verifyOnce(token: string): Promise<VerifyResult> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail({ token }).then(
      (): VerifyResult => 'verified',
      (error: unknown): VerifyResult =>
        errorCodeOf(error) === 'auth/invalid-verification-token' ? 'invalid' : 'failed',
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

export interface VerifyEmailProps {
  token: string;
  next: string | null;
}

/** Opened from the verification mail: verifies on open, then shows the app (spec: verify flow). */
export function VerifyEmail({ token, next }: VerifyEmailProps) {
  const { loading, isAuthenticated, reloadSession } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (loading) return;
    let active = true;
    async function finish(): Promise<void> {
      const result = await verifyOnce(token);
      // The toast ids keep a re-run of this effect from showing the same toast twice.
      if (result === 'verified') toast.success(authMessages.emailVerified, { toastId: 'email-verified' });
      else if (result === 'invalid') toast.error(authMessages.verificationLinkInvalid, { toastId: 'verify-invalid' });
      else toast.error(authMessages.verificationFailed, { toastId: 'verify-failed' });
      // The stored token still says "unverified"; a new one carries the change.
      const signedIn = isAuthenticated && (result !== 'verified' || (await reloadSession()));
      if (active) navigate(signedIn ? fallbackPath : loginPath('sign-in', next), { replace: true });
    }
    void finish();
    return () => {
      active = false;
    };
  }, [loading, isAuthenticated, token, next, navigate, reloadSession]);

  return (
    <div className="flex flex-col items-center gap-4 py-4">
      <DotsLoader />
      <p className="text-sm text-muted">Verifying your email address…</p>
    </div>
  );
}
