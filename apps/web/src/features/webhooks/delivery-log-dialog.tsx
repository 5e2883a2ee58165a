import { webhookLimits } from '@deckhand/contract/webhooks';
import { Dialog } from '../../ui/dialog';
import type { ClientWebhook } from './api';
import { DeliveryLog } from './delivery-log';

export interface DeliveryLogDialogProps {
  /** The webhook whose log is open; null when it is closed. */
  webhook: ClientWebhook | null;
  onClose(): void;
}

/** One webhook's deliveries, in a dialog wide enough for the table; the log is only loaded while it is open. */
export function DeliveryLogDialog({ webhook, onClose }: DeliveryLogDialogProps) {
  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Deliveries"
      description={
        webhook
          ? `To ${webhook.url}, newest first. Deliveries are kept for ${webhookLimits.deliveriesKeptDays} days.`
          : undefined
      }
      size="wide"
    >
      {webhook ? <DeliveryLog webhook={webhook} /> : null}
    </Dialog>
  );
}
