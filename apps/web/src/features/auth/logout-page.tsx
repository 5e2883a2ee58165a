import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { DotsLoader } from '../../ui/dots-loader';

/** /logout: ends the session (a server failure is ignored, spec §8) and lands on /login. */
export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void signOut().then(() => {
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [signOut, navigate]);

  return (
    <main className="grid min-h-dvh place-items-center">
      <title>Signing out · Deckhand</title>
      <div className="flex flex-col items-center gap-4">
        <h1 className="text-lg font-medium">Signing out</h1>
        <DotsLoader />
      </div>
    </main>
  );
}
