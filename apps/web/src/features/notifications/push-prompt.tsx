import { Button } from '../../ui/button';
import { usePushPrompt } from './use-push-prompt';

/** A dismissible invitation, after sign-in, to get notifications on this device as browser notifications. */
export function PushPrompt() {
  const { visible, turnOn, notNow } = usePushPrompt();
  if (!visible) return null;
  return (
    <section aria-label="Browser notifications" className="border-b border-border bg-primary-soft">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">
          <strong className="font-semibold">Get notified on this device?</strong> Deckhand can tell you about new
          activity even when this tab is in the background.
        </p>
        <Button size="sm" onClick={turnOn}>
          Turn on notifications
        </Button>
        <Button variant="ghost" size="sm" onClick={notNow}>
          Not now
        </Button>
      </div>
    </section>
  );
}
