import { useAuth } from '../../lib/auth-context';
import { useClientConfig } from '../../lib/use-client-config';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { authMessages } from './messages';

/** "Continue with Google", shown only when this instance has an OIDC issuer configured. */
export function GoogleSignIn() {
  const config = useClientConfig();
  const { signInWithGoogle } = useAuth();
  if (!config?.oidcGoogleEnabled) return null;

  function handleClick(): void {
    signInWithGoogle()
      .then(() => toast.success(authMessages.signedIn))
      // Spec §8: failures of Google sign-in are not shown to the user.
      .catch((error: unknown) => console.warn('Google sign-in did not complete', error));
  }

  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="secondary" onClick={handleClick}>
        Continue with Google
      </Button>
    </div>
  );
}
