import { useEffect, useState } from 'react';
import { dismissPushPrompt, isPushPromptDismissed, isPushSupported, syncPushSubscription } from './push';

function logPushFailure(error: unknown): void {
  // Spec §8: nobody is told; a browser without a reachable push service simply gets no pushes.
  console.warn('Push: this browser could not be registered for notifications', error);
}

function shouldOfferPush(): boolean {
  return isPushSupported() && Notification.permission === 'default' && !isPushPromptDismissed();
}

export interface PushPrompt {
  /** Show the in-app prompt: push works here, nobody decided yet, and "Not now" was not chosen. */
  visible: boolean;
  /** Asks the browser for permission (only ever from this click) and registers when it is granted. */
  turnOn(): void;
  notNow(): void;
}

/**
 * Spec §7 push registration behind an in-app prompt: never asked on page load. Where permission was granted
 * earlier, this browser is registered again silently (reusing its subscription), which also moves it to whoever
 * is signed in now; a denied permission is never asked again.
 */
export function usePushPrompt(): PushPrompt {
  const [visible, setVisible] = useState(shouldOfferPush);

  useEffect(() => {
    if (isPushSupported() && Notification.permission === 'granted') syncPushSubscription().catch(logPushFailure);
  }, []);

  function turnOn(): void {
    setVisible(false);
    Notification.requestPermission()
      .then((permission) => {
        if (permission === 'granted') return syncPushSubscription();
        // Never ask again: not after a refusal (which some browsers forget, e.g. in private windows), nor after
        // the browser's own prompt was closed unanswered ("default"), which counts as "not now".
        dismissPushPrompt();
      })
      .catch(logPushFailure);
  }

  function notNow(): void {
    setVisible(false);
    dismissPushPrompt();
  }

  return { visible, turnOn, notNow };
}
