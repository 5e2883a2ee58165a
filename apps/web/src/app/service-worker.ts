import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { navigateMessagePath } from '../lib/service-worker-message';

/** public/sw.js, served at the site's root so that its scope is the whole app. */
const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker that shows pushes (after sign-in: the landing page needs none). Failures are
 * logged only: without a worker the app works the same, minus browser notifications.
 */
export function useServiceWorkerRegistration(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register(serviceWorkerUrl, { scope: '/' })
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  }, []);
}

/** Spec §2: `{type: 'navigate', url}` from the service worker (a clicked notification, a push) moves this page. */
export function useServiceWorkerNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    function handleMessage(event: MessageEvent): void {
      const path = navigateMessagePath(event.data, window.location.origin);
      if (path !== null) void navigate(path);
    }
    container.addEventListener('message', handleMessage);
    return () => container.removeEventListener('message', handleMessage);
  }, [navigate]);
}
