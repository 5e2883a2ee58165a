import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { toast } from '../../ui/toast';
import { type ClientWebhook, useDeleteWebhook, useRotateSecret, webhookListQuery } from './api';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { webhookErrorMessage } from './messages';
import { WebhookItem } from './webhook-item';

export interface WebhookListProps {
  projectId: string;
}

/** The project's webhooks, oldest first; rotating a secret and deleting ask first, since receivers notice both. */
export function WebhookList({ projectId }: WebhookListProps) {
  const webhooks = useQuery(webhookListQuery(projectId));
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook(projectId);
  const [rotating, setRotating] = useState<ClientWebhook | null>(null);
  const [deleting, setDeleting] = useState<ClientWebhook | null>(null);
  const [logOf, setLogOf] = useState<ClientWebhook | null>(null);
  // Kept here only, never in the query cache: gone with Done, or when the page is left.
  const [newSecret, setNewSecret] = useState<{ webhookId: string; secret: string } | null>(null);
  // The new secret's field, where the confirmation returns the focus once it has closed onto a rotated secret.
  const secretField = useRef<HTMLInputElement | null>(null);

  function confirmRotate(): void {
    if (!rotating) return;
    const { id, url } = rotating;
    rotate.mutate(id, {
      onSuccess: ({ secret }) => setNewSecret({ webhookId: id, secret }),
      onError: (error) =>
        toast.error(webhookErrorMessage(error, `The secret of ${url} could not be rotated. Please try again.`)),
      onSettled: () => setRotating(null),
    });
  }

  function confirmDelete(): void {
    if (!deleting) return;
    const { id, url } = deleting;
    remove.mutate(id, {
      onSuccess: () => toast.success(`The webhook to ${url} was deleted.`),
      onError: (error) =>
        toast.error(webhookErrorMessage(error, `The webhook to ${url} could not be deleted. Please try again.`)),
      onSettled: () => setDeleting(null),
    });
  }

  function renderWebhooks() {
    if (webhooks.data === undefined) {
      if (webhooks.isError) {
        return (
          <RetryPanel
            message={webhookErrorMessage(webhooks.error, 'The webhooks could not be loaded.')}
            onRetry={() => void webhooks.refetch()}
            retrying={webhooks.isFetching}
          />
        );
      }
      return <DotsLoader label="Loading webhooks" className="py-4" />;
    }
    if (webhooks.data.length === 0) {
      return (
        <p className="text-sm text-muted">
          No webhooks yet. Add one to have the project’s events POSTed to another service as they happen.
        </p>
      );
    }
    return (
      <ul
        aria-label="Webhooks of the project"
        className="flex flex-col divide-y divide-border rounded-lg border border-border"
      >
        {webhooks.data.map((webhook) => (
          <WebhookItem
            key={webhook.id}
            webhook={webhook}
            newSecret={newSecret?.webhookId === webhook.id ? newSecret.secret : null}
            secretFieldRef={secretField}
            onSecretDone={() => setNewSecret(null)}
            onRotate={() => setRotating(webhook)}
            onDelete={() => setDeleting(webhook)}
            onOpenDeliveries={() => setLogOf(webhook)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      {renderWebhooks()}
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open) setRotating(null);
        }}
        title="Rotate secret?"
        confirmLabel="Rotate secret"
        onConfirm={confirmRotate}
        pending={rotate.isPending}
        returnFocusTo={secretField}
      >
        <p>
          Requests to <span className="font-mono break-all">{rotating?.url}</span> are signed with a new secret from now
          on, shown once. Until the receiver has it, it will refuse them.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete webhook?"
        confirmLabel="Delete webhook"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      >
        <p>
          Nothing more is sent to <span className="font-mono break-all">{deleting?.url}</span>, and its delivery log is
          deleted with it. This cannot be undone.
        </p>
      </ConfirmDialog>
      <DeliveryLogDialog webhook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
