import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';

export interface SiteHeaderProps {
  /** Where the logo leads. */
  homePath?: string;
  /** Navigation on the right; wrapped in a nav landmark named `navLabel`. */
  children?: ReactNode;
  navLabel?: string;
}

/** The header of public pages: logo on the left, a few links on the right. */
export function SiteHeader({ homePath = '/', children, navLabel = 'Main' }: SiteHeaderProps) {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={homePath} className="inline-flex items-center gap-2 rounded-md text-lg font-semibold">
          <Logo />
          Deckhand
        </Link>
        {children ? (
          <nav aria-label={navLabel} className="flex items-center gap-2">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
