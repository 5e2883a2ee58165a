import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';

/** Spec §2's not-found page; also shown for a project id that is unknown or not yours (DESIGN.md §6). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-[70dvh] flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>Page not found · Deckhand</title>
      <h1 className="text-5xl font-bold tracking-tight">WTF?</h1>
      <p className="text-lg text-muted">Lost page detected? Are you kidding me?</p>
      <Button className="mt-2" onClick={() => navigate('/dashboard')}>
        Okay, take me back to my projects!
      </Button>
    </main>
  );
}
