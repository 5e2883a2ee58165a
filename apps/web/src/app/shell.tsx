import { NavLink, Outlet } from 'react-router';
import { VerificationBanner } from '../features/auth/verification-banner';
import { NotificationsCenter } from '../features/notifications/notifications-center';
import { PushPrompt } from '../features/notifications/push-prompt';
import { Logo } from '../ui/logo';
import { AccountMenu } from './account-menu';
import { CommandCenter } from './command-center';
import { LiveProvider } from './live-provider';
import { useServiceWorkerRegistration } from './service-worker';

function navLinkClassName({ isActive }: { isActive: boolean }): string {
  const state = isActive ? 'bg-primary-soft text-fg' : 'text-muted hover:bg-surface-strong hover:text-fg';
  return `rounded-md px-3 py-2 text-sm font-medium ${state}`;
}

/**
 * The signed-in layout: header (logo, navigation, search, notifications, account), the verification reminder and
 * the push prompt, then the page (kept live). Signing in is also when the service worker is registered.
 */
export function Shell() {
  useServiceWorkerRegistration();
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
          <div className="ml-auto flex items-center gap-2">
            <CommandCenter />
            <NotificationsCenter />
            <AccountMenu />
          </div>
        </div>
      </header>
      <VerificationBanner />
      <PushPrompt />
      <LiveProvider>
        <Outlet />
      </LiveProvider>
    </div>
  );
}
