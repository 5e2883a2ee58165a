import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../ui/logo';
import { TextLink } from '../../ui/text-link';

export interface AuthLayoutProps {
  /** The page's single h1, also used in the document title. */
  title: string;
  children: ReactNode;
}

export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <title>{`${title} · Deckhand`}</title>
      <header className="px-4 py-4 sm:px-8">
        <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-semibold">
          <Logo />
          Deckhand
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <div className="w-full max-w-sm rounded-xl border border-border bg-bg p-6 shadow-sm sm:p-8">
          <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
          {children}
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-sm text-muted">
        <TextLink to="/terms-and-conditions">Terms and conditions</TextLink>
      </footer>
    </div>
  );
}
