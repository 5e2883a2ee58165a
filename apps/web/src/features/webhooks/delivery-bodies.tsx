import type { ClientDelivery } from './api';
import { describeMissingResponse, formatBody } from './webhook-labels';

export interface DeliveryBodiesProps {
  delivery: ClientDelivery;
}

const bodyClass = 'rounded-md border border-border bg-surface p-2 font-mono text-xs whitespace-pre-wrap break-all';

/** What a delivery sent, what its last attempt got back, and the attempt's error when it had no answer. */
export function DeliveryBodies({ delivery }: DeliveryBodiesProps) {
  return (
    <div className="flex flex-col gap-3">
      {delivery.lastError ? (
        <p className="text-sm text-danger">
          <span className="font-medium">Last error:</span> {delivery.lastError}
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-xs font-semibold text-muted">Request body</h3>
          <pre className={bodyClass}>{formatBody(delivery.requestBody)}</pre>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-xs font-semibold text-muted">Response body</h3>
          {delivery.responseBody ? (
            <pre className={bodyClass}>{formatBody(delivery.responseBody)}</pre>
          ) : (
            <p className="text-sm text-muted">{describeMissingResponse(delivery)}</p>
          )}
        </div>
      </div>
    </div>
  );
}
