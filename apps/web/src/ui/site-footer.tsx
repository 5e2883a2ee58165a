import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted">
        <p>Deckhand, self-hosted project collaboration.</p>
        <Link to="/terms-and-conditions" className="underline underline-offset-2 hover:text-fg">
          Terms and conditions
        </Link>
      </div>
    </footer>
  );
}
