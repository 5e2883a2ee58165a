import { type RefObject, useId, useRef } from 'react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { type ClientWebhook, useSendTest, useUpdateWebhook } from './api';
import { webhookErrorMessage } from './messages';
import { describeWebhookEvents } from './webhook-labels';
import { WebhookSecret } from './webhook-secret';

export interface WebhookItemProps {
  webhook: ClientWebhook;
  /** Its new secret, right after a rotation: shown here once. */
  newSecret: string | null;
  secretFieldRef: RefObject<HTMLInputElement | null>;
  onSecretDone(): void;
  onRotate(): void;
  onDelete(): void;
  onOpenDeliveries(): void;
}

/** One webhook: named by its URL (the list item's accessible name too), what it sends, and whether it is on. */
export function WebhookItem({
  webhook,
  newSecret,
  secretFieldRef,
  onSecretDone,
  onRotate,
  onDelete,
  onOpenDeliveries,
}: WebhookItemProps) {
  const urlId = useId();
  const rotateButton = useRef<HTMLButtonElement>(null);
  const sendTest = useSendTest();
  const update = useUpdateWebhook(webhook.projectId);

  function handleSendTest(): void {
    sendTest.mutate(webhook.id, {
      onSuccess: () =>
        toast.success(
          webhook.enabled
            ? 'Test sent: a ping is on its way. Deliveries shows how it went.'
            : 'Test queued: the ping is sent once the webhook is enabled.',
        ),
      onError: (error) => toast.error(webhookErrorMessage(error, 'The test could not be sent. Please try again.')),
    });
  }

  function handleToggle(): void {
    const enabled = !webhook.enabled;
    update.mutate(
      { webhookId: webhook.id, input: { enabled } },
      {
        onSuccess: () =>
          toast.success(
            enabled
              ? 'Webhook enabled: its waiting retries are sent now, and new events from now on.'
              : 'Webhook disabled: nothing is sent to it, and its events are not kept, until it is enabled.',
          ),
        onError: (error) =>
          toast.error(
            webhookErrorMessage(
              error,
              `The webhook could not be ${enabled ? 'enabled' : 'disabled'}. Please try again.`,
            ),
          ),
      },
    );
  }

  function handleSecretDone(): void {
    onSecretDone();
    // The secret and its Done button are gone: the keyboard goes on from where the rotation began.
    rotateButton.current?.focus();
  }

  return (
    <li aria-labelledby={urlId} className="flex flex-col gap-3 px-3 py-3">
      <div className="min-w-0">
        <p id={urlId} className="font-mono text-sm font-medium break-all">
          {webhook.url}
        </p>
        {webhook.description ? <p className="text-sm">{webhook.description}</p> : null}
        <p className="text-sm text-muted">
          <span className={webhook.enabled ? 'text-success' : 'text-danger'}>
            {webhook.enabled ? 'Enabled' : 'Disabled'}
          </span>{' '}
          · {describeWebhookEvents(webhook.events)}
        </p>
        {webhook.disabledReason ? (
          // The server's sentence, e.g. "Disabled after 50 failed deliveries in a row."
          <p className="mt-1 text-sm text-danger">
            {webhook.disabledReason} Enable it once the receiver works again: its waiting retries are sent then. Events
            that happen while it is disabled are not sent.
          </p>
        ) : null}
      </div>
      {/* Named by what they do alone, described by the URL: the list item says which webhook. */}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-describedby={urlId} onClick={onOpenDeliveries}>
          Deliveries
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={urlId}
          disabled={sendTest.isPending}
          onClick={handleSendTest}
        >
          Send test
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={urlId}
          disabled={update.isPending}
          onClick={handleToggle}
        >
          {webhook.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button ref={rotateButton} variant="ghost" size="sm" aria-describedby={urlId} onClick={onRotate}>
          Rotate secret
        </Button>
        <Button variant="ghost" size="sm" aria-describedby={urlId} onClick={onDelete}>
          Delete
        </Button>
      </div>
      {newSecret ? (
        <WebhookSecret title="Secret rotated" secret={newSecret} fieldRef={secretFieldRef} onDone={handleSecretDone} />
      ) : null}
    </li>
  );
}
