import { NavLink, Outlet } from 'react-router';
import { VerificationBanner } from '../features/auth/verification-banner';
import { Logo } from '../ui/logo';
import { AccountMenu } from './account-menu';
import { LiveProvider } from './live-provider';

function navLinkClassName({ isActive }: { isActive: boolean }): string {
  const state = isActive ? 'bg-primary-soft text-fg' : 'text-muted hover:bg-surface-strong hover:text-fg';
  return `rounded-md px-3 py-2 text-sm font-medium ${state}`;
}

/** The signed-in layout: header (logo, navigation, account), the verification reminder, then the page (kept live). */
export function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
          <NavLink to="/dashboard" className="inline-flex items-center gap-2 rounded-md font-semibold">
            <Logo size={24} />
            <span className="sr-only sm:not-sr-only">Deckhand</span>
          </NavLink>
          <nav aria-label="Main" className="flex items-center gap-1">
            <NavLink to="/dashboard" end className={navLinkClassName}>
              Projects
            </NavLink>
          </nav>
          {/* The Notifications button (DESIGN.md §6) joins the account menu here with the notifications issue. */}
          <div className="ml-auto flex items-center gap-2">
            <AccountMenu />
          </div>
        </div>
      </header>
      <VerificationBanner />
      <LiveProvider>
        <Outlet />
      </LiveProvider>
    </div>
  );
}
