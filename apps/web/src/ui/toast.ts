import type { Id, ToastContent, ToastOptions } from 'react-toastify';

/**
 * react-toastify, fetched with the first toast: most visits to the landing and sign-in pages show none, and its code
 * would weigh on their first load. Toasts asked for while it loads are shown in order once it has arrived (it
 * queues them until the container mounts, see Toaster).
 */
type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | null = null;
let requested = false;
const listeners = new Set<() => void>();

function withToastify(show: (loaded: Toastify) => void): void {
  toastify ??= import('react-toastify');
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  toastify.then(show).catch((error: unknown) => {
    // Offline, or a deploy replaced the chunk: the next toast tries again.
    toastify = null;
    console.warn('A toast could not be shown', error);
  });
}

/** Whether a toast has been asked for yet, for Toaster: until then it renders nothing and fetches nothing. */
export function wereToastsRequested(): boolean {
  return requested;
}

export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's toasts (spec §8's strings): react-toastify's `toast`, for the kinds the app shows. */
export const toast = {
  success: (content: ToastContent, options?: ToastOptions) =>
    withToastify((loaded) => loaded.toast.success(content, options)),
  error: (content: ToastContent, options?: ToastOptions) =>
    withToastify((loaded) => loaded.toast.error(content, options)),
  info: (content: ToastContent, options?: ToastOptions) =>
    withToastify((loaded) => loaded.toast.info(content, options)),
  dismiss: (id: Id) => withToastify((loaded) => loaded.toast.dismiss(id)),
};
