import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { ListEnd } from '../../ui/list-end';
import { RetryPanel } from '../../ui/retry-panel';
import { type ClientWebhook, deliveryLogQuery, useRedeliver } from './api';
import { DeliveryRow } from './delivery-row';
import { webhookErrorMessage } from './messages';

export interface DeliveryLogProps {
  webhook: ClientWebhook;
}

const columns = ['Event', 'Status', 'Code', 'Duration', 'Attempts', 'When'] as const;

/**
 * A webhook's deliveries, newest first, each with its bodies and a Redeliver button. Refreshed on demand, and by
 * itself while a delivery is about to be sent; older pages load from the end of the table.
 */
export function DeliveryLog({ webhook }: DeliveryLogProps) {
  const list = useInfiniteQuery(deliveryLogQuery(webhook.id, webhook.enabled));
  const deliveries = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const redeliver = useRedeliver(webhook.id);
  const [refreshing, setRefreshing] = useState(false);
  // Said here rather than in a toast: the dialog is modal, and hides toasts from assistive technology.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const now = useNow(15_000);

  async function handleRefresh(): Promise<void> {
    setRefreshing(true);
    try {
      await list.refetch();
    } finally {
      setRefreshing(false);
    }
  }

  function handleRedeliver(deliveryId: string): void {
    setOutcome(null);
    redeliver.mutate(deliveryId, {
      onSuccess: () => setOutcome({ ok: true, text: 'Sent again: the delivery is pending until its attempt ends.' }),
      onError: (error) =>
        setOutcome({ ok: false, text: webhookErrorMessage(error, 'The delivery could not be sent again.') }),
    });
  }

  function renderDeliveries() {
    if (list.data === undefined) {
      if (list.isError) {
        return (
          <RetryPanel
            message={webhookErrorMessage(list.error, 'The deliveries could not be loaded.')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        );
      }
      return <DotsLoader label="Loading deliveries" className="py-6" />;
    }
    if (deliveries.length === 0) {
      return (
        <p className="text-sm text-muted">
          No deliveries yet. Each event the webhook wants, and each test, shows here once it is sent.
        </p>
      );
    }
    return (
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-border text-muted">
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-2 py-2 font-medium ${index === 0 ? '' : 'hidden sm:table-cell'}`}
                >
                  {column}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {deliveries.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              columnCount={columns.length + 1}
              now={now}
              redelivering={redeliver.isPending && redeliver.variables === delivery.id}
              onRedeliver={() => handleRedeliver(delivery.id)}
            />
          ))}
        </table>
        <ListEnd
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          failed={list.isFetchNextPageError}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={refreshing} onClick={() => void handleRefresh()}>
          Refresh
        </Button>
      </div>
      {renderDeliveries()}
      {list.isRefetchError ? (
        <p role="alert" className="text-sm text-danger">
          {webhookErrorMessage(list.error, 'The deliveries could not be refreshed. Please try again.')}
        </p>
      ) : null}
      <p role="status" className="text-sm">
        {outcome?.ok ? outcome.text : null}
      </p>
      {outcome && !outcome.ok ? (
        <p role="alert" className="text-sm text-danger">
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
