import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Button } from '../../ui/button';
import type { ClientDelivery } from './api';
import { DeliveryBodies } from './delivery-bodies';
import { deliveryStatusLabels, describeDeliveryFigures, describeDuration, describeStatusCode } from './webhook-labels';

export interface DeliveryRowProps {
  delivery: ClientDelivery;
  columnCount: number;
  now: number;
  redelivering: boolean;
  onRedeliver(): void;
}

const statusColours = { pending: 'text-muted', succeeded: 'text-success', failed: 'text-danger' } as const;

/**
 * One delivery: a row of figures, and below it, opened by Details, what was sent and what came back. Its own tbody,
 * so the two rows stay together.
 */
export function DeliveryRow({ delivery, columnCount, now, redelivering, onRedeliver }: DeliveryRowProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const retrying = delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt !== null;
  const status = (
    <>
      {deliveryStatusLabels[delivery.status]}
      {retrying && delivery.nextAttemptAt ? (
        <span className="block text-xs text-muted">Next attempt {formatDateTime(delivery.nextAttemptAt)}</span>
      ) : null}
    </>
  );
  const when = (
    <time dateTime={delivery.createdAt} title={formatExactTime(delivery.createdAt)}>
      {formatRelativeTime(delivery.createdAt, now)}
    </time>
  );
  // Below the sm breakpoint the figures' columns are hidden and the first cell shows them under the event, with the
  // buttons stacked beside it: the dialog is then as wide as a phone, and Redeliver stays in reach.
  return (
    <tbody className="border-b border-border last:border-b-0">
      <tr>
        <td className="px-2 py-2">
          <span id={`${id}-event`} className="font-mono">
            {delivery.event}
          </span>
          <span className="mt-1 flex flex-col gap-0.5 text-xs sm:hidden">
            <span className={statusColours[delivery.status]}>{status}</span>
            <span className="text-muted">
              {describeDeliveryFigures(delivery)} · {when}
            </span>
          </span>
        </td>
        <td className={`hidden px-2 py-2 sm:table-cell ${statusColours[delivery.status]}`}>{status}</td>
        <td className="hidden px-2 py-2 tabular-nums sm:table-cell">{describeStatusCode(delivery.lastStatusCode)}</td>
        <td className="hidden px-2 py-2 tabular-nums sm:table-cell">{describeDuration(delivery.durationMs)}</td>
        <td className="hidden px-2 py-2 tabular-nums sm:table-cell">{delivery.attempts}</td>
        <td className="hidden px-2 py-2 whitespace-nowrap sm:table-cell">{when}</td>
        <td className="px-2 py-2 align-top sm:align-middle">
          <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={open ? `${id}-bodies` : undefined}
              aria-describedby={`${id}-event`}
              onClick={() => setOpen(!open)}
            >
              Details
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={`${id}-event`}
              disabled={redelivering}
              onClick={onRedeliver}
            >
              Redeliver
            </Button>
          </div>
        </td>
      </tr>
      {open ? (
        <tr id={`${id}-bodies`}>
          <td colSpan={columnCount} className="px-2 pb-3">
            <DeliveryBodies delivery={delivery} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
