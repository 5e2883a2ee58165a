import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

// One component for both of its routes, so that opening a chat keeps the card page (and its editor) mounted.
const CardPage = lazyPage(async () => (await import('../features/cards/card-page')).CardPage);

/** Spec §2's routes. Every page is its own chunk, so the first load carries only the shell of the app. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        index: true,
        Component: lazyPage(async () => (await import('../features/landing/landing-page')).LandingPage),
      },
      {
        path: 'login',
        Component: lazyPage(async () => (await import('../features/auth/login-page')).LoginPage),
      },
      {
        path: 'logout',
        Component: lazyPage(async () => (await import('../features/auth/logout-page')).LogoutPage),
      },
      {
        path: 'terms-and-conditions',
        Component: lazyPage(async () => (await import('../features/terms/terms-page')).TermsPage),
      },
      {
        // The pages below read the API through TanStack Query; the ones above do not load it.
        Component: lazyPage(async () => (await import('./query-layout')).QueryLayout),
        children: [
          {
            // Public: a visitor sees what they were invited to, then signs in or registers and comes back here.
            path: 'invitations/:token',
            Component: lazyPage(async () => (await import('../features/projects/invitation-page')).InvitationPage),
          },
          {
            Component: RequireAuth,
            children: [
              {
                Component: lazyPage(async () => (await import('./shell')).Shell),
                children: [
                  {
                    path: 'dashboard',
                    Component: lazyPage(
                      async () => (await import('../features/projects/dashboard-page')).DashboardPage,
                    ),
                  },
                  {
                    path: 'admin',
                    Component: lazyPage(async () => (await import('../features/admin/admin-route')).AdminRoute),
                    children: [
                      { index: true, Component: NotFoundPage },
                      {
                        path: 'reports',
                        Component: lazyPage(async () => (await import('../features/reports/reports-page')).ReportsPage),
                      },
                      {
                        path: 'insights',
                        Component: lazyPage(
                          async () => (await import('../features/insights/insights-page')).InsightsPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: ':id',
                    Component: lazyPage(async () => (await import('./project-route')).ProjectRoute),
                    children: [
                      {
                        index: true,
                        Component: lazyPage(async () => (await import('../features/cards/cards-page')).CardsPage),
                      },
                      {
                        path: 'my-work',
                        Component: lazyPage(async () => (await import('../features/tasks/my-work-page')).MyWorkPage),
                      },
                      {
                        path: 'settings',
                        Component: lazyPage(
                          async () => (await import('../features/projects/settings/settings-page')).SettingsPage,
                        ),
                      },
                      {
                        path: 'kanban',
                        Component: lazyPage(
                          async () => (await import('../features/tasks/kanban/kanban-page')).KanbanPage,
                        ),
                      },
                      {
                        path: 'cards/:cardId',
                        Component: CardPage,
                      },
                      {
                        path: 'cards/:cardId/chats/:chatId',
                        Component: CardPage,
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // Static: the guard shows this page too, so it is part of the entry anyway.
      { path: '*', Component: NotFoundPage },
    ],
  },
];
