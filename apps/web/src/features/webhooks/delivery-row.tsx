import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Button } from '../../ui/button';
import type { ClientDelivery } from './api';
import { DeliveryBodies } from './delivery-bodies';
import { deliveryStatusLabels, describeDuration, describeStatusCode } from './webhook-labels';

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
  return (
    <tbody className="border-b border-border last:border-b-0">
      <tr>
        <td id={`${id}-event`} className="px-2 py-2 font-mono">
          {delivery.event}
        </td>
        <td className={`px-2 py-2 ${statusColours[delivery.status]}`}>
          {deliveryStatusLabels[delivery.status]}
          {retrying && delivery.nextAttemptAt ? (
            <span className="block text-xs text-muted">Next attempt {formatDateTime(delivery.nextAttemptAt)}</span>
          ) : null}
        </td>
        <td className="px-2 py-2 tabular-nums">{describeStatusCode(delivery.lastStatusCode)}</td>
        <td className="px-2 py-2 tabular-nums">{describeDuration(delivery.durationMs)}</td>
        <td className="px-2 py-2 tabular-nums">{delivery.attempts}</td>
        <td className="px-2 py-2 whitespace-nowrap">
          <time dateTime={delivery.createdAt} title={formatExactTime(delivery.createdAt)}>
            {formatRelativeTime(delivery.createdAt, now)}
          </time>
        </td>
        <td className="px-2 py-2">
          <div className="flex justify-end gap-2">
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
