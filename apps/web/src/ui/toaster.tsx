import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, wereToastsRequested } from './toast';

const ThemedToastContainer = lazy<ComponentType>(() =>
  import('./toast-container')
    .then((module) => ({ default: module.ThemedToastContainer }))
    .catch((error: unknown) => {
      // Without its code no toast can show, but the page around must not fail with it.
      console.warn('The toast container could not be loaded', error);
      return { default: NoToasts };
    }),
);

function NoToasts() {
  return null;
}

/** Where toasts appear. Its code comes with the first toast; show toasts with `toast` from ./toast. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToastRequests, wereToastsRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToastContainer />
    </Suspense>
  );
}
