import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { FullPageLoader } from '../ui/full-page-loader';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

/** Spec §2's routes. Every page is its own chunk, so the first load carries only the shell of the app. */
export function createAppRouter() {
  return createBrowserRouter([
    {
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
          Component: RequireAuth,
          children: [
            {
              lazy: async () => ({ Component: (await import('./shell')).Shell }),
              children: [
                {
                  path: 'dashboard',
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
                  }),
                },
                {
                  path: ':id',
                  lazy: async () => ({ Component: (await import('./project-route')).ProjectRoute }),
                  // The project's pages get their components with the projects issue; the layout shows not-found
                  // until a project can exist.
                  children: [
                    { index: true },
                    { path: 'my-work' },
                    { path: 'settings' },
                    { path: 'kanban' },
                    { path: 'cards/:cardId' },
                    { path: 'cards/:cardId/chats/:chatId' },
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
