import { Outlet } from 'react-router';
import { useServiceWorkerNavigation } from './service-worker';

/** Around every route: whatever page is open follows the service worker's navigate messages (spec §2). */
export function RootLayout() {
  useServiceWorkerNavigation();
  return <Outlet />;
}
