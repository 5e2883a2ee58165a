import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { FullPageLoader } from '../ui/full-page-loader';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Spec §2's routes. Every page is its own chunk, so the first load carries only the shell of the app. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('../features/landing/landing-page')).LandingPage }),
        },
        {
          path: 'login',
          lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
        },
        {
          path: 'logout',
          lazy: async () => ({ Component: (await import('../features/auth/logout-page')).LogoutPage }),
        },
        {
          path: 'terms-and-conditions',
          lazy: async () => ({ Component: (await import('../features/terms/terms-page')).TermsPage }),
        },
        {
          // The pages below read the API through TanStack Query; the ones above do not load it.
          lazy: async () => ({ Component: (await import('./query-layout')).QueryLayout }),
          children: [
            {
              // Public: a visitor sees what they were invited to, then signs in or registers and comes back here.
              path: 'invitations/:token',
              lazy: async () => ({
                Component: (await import('../features/projects/invitation-page')).InvitationPage,
              }),
            },
            {
              Component: RequireAuth,
              children: [
                {
                  lazy: async () => ({ Component: (await import('./shell')).Shell }),
                  children: [
                    {
                      path: 'dashboard',
                      lazy: async () => ({
                        Component: (await import('../features/projects/dashboard-page')).DashboardPage,
                      }),
                    },
                    {
                      path: 'admin',
                      lazy: async () => ({ Component: (await import('../features/admin/admin-route')).AdminRoute }),
                      children: [
                        { index: true, Component: NotFoundPage },
                        {
                          path: 'reports',
                          lazy: async () => ({
                            Component: (await import('../features/reports/reports-page')).ReportsPage,
                          }),
                        },
                        {
                          path: 'insights',
                          lazy: async () => ({
                            Component: (await import('../features/insights/insights-page')).InsightsPage,
                          }),
                        },
                      ],
                    },
                    {
                      path: ':id',
                      lazy: async () => ({ Component: (await import('./project-route')).ProjectRoute }),
                      children: [
                        {
                          index: true,
                          lazy: async () => ({ Component: (await import('../features/cards/cards-page')).CardsPage }),
                        },
                        {
                          path: 'my-work',
                          lazy: async () => ({
                            Component: (await import('../features/tasks/my-work-page')).MyWorkPage,
                          }),
                        },
                        {
                          path: 'settings',
                          lazy: async () => ({
                            Component: (await import('../features/projects/settings/settings-page')).SettingsPage,
                          }),
                        },
                        {
                          path: 'kanban',
                          lazy: async () => ({
                            Component: (await import('../features/tasks/kanban/kanban-page')).KanbanPage,
                          }),
                        },
                        {
                          path: 'cards/:cardId',
                          lazy: async () => ({ Component: (await import('../features/cards/card-page')).CardPage }),
                        },
                        {
                          path: 'cards/:cardId/chats/:chatId',
                          lazy: async () => ({ Component: (await import('../features/cards/card-page')).CardPage }),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        // Static: the guard and the error boundary show this page too, so it is part of the entry anyway.
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}
