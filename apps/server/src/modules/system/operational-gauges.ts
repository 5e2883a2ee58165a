import type { Hocuspocus } from '@hocuspocus/server';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';

const QueueCount = z.object({ name: z.string(), jobs: z.number() });

/** Gauges read at each scrape: open sockets and documents, the job queues, the database pool. */
export function registerOperationalGauges(deps: AppDeps, parts: { collab: Hocuspocus; database: Database }): void {
  const { metrics } = deps;
  metrics.gauge('deckhand_live_sockets', 'Live (/updates) sockets open on this instance', () =>
    deps.live.localSocketCount(),
  );
  metrics.gauge('deckhand_collab_sockets', 'Collaboration (/collab) connections open on this instance', () =>
    parts.collab.getConnectionsCount(),
  );
  metrics.gauge('deckhand_collab_documents', 'Card bodies open for editing on this instance', () =>
    parts.collab.getDocumentsCount(),
  );
  // pg-boss's table, shared by every instance: the same depth whichever instance is scraped.
  metrics.gaugeBy('deckhand_job_queue_depth', 'Jobs waiting to run (due or not), by queue', 'queue', async () => {
    const rows = await selectRows(
      deps.db,
      QueueCount,
      sql`select name, count(*)::int as jobs from pgboss.job where state in ('created', 'retry') group by name`,
    );
    return rows.map((row): [string, number] => [row.name, row.jobs]);
  });
  const pool = parts.database.poolUse;
  if (pool) {
    metrics.gaugeBy('deckhand_db_pool_connections', 'Database pool connections, by state', 'state', () => {
      const use = pool();
      return [
        ['total', use.total],
        ['idle', use.idle],
        ['waiting', use.waiting],
      ];
    });
  }
}
