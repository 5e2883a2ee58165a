/**
 * The thread that runs the embedded database (see pglite-thread.ts): it opens PGlite with the caching of
 * statement plans and answers the main thread's requests one message at a time. PGlite's own locks order them:
 * a query sent while a transaction is open waits for it, as on one PGlite in the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { Envelope, ReplyValue, Result, SentError, WorkerOptions } from './pglite-thread-protocol';
import { StatementCachingPGlite } from './statement-caching-pglite';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;
const options = workerData as WorkerOptions;

const client = await StatementCachingPGlite.open({
  dataDir: options.dataDir,
  loadDataDir: options.loadDataDir,
  startParams: [...StatementCachingPGlite.defaultStartParams, ...options.settings],
  // The cards' search index needs it (migration 0010); PostgreSQL has it in contrib.
  extensions: { btree_gin },
});

/** Open transactions by the main thread's number: the handle, and how to end it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();

/** Values of these types come back as the database's text; the main thread parses them with its own parsers. */
function queryOptions(rowMode: 'array' | 'object', rawTypes: number[]): QueryOptions {
  return { rowMode, parsers: Object.fromEntries(rawTypes.map((type) => [type, (text: string) => text])) };
}

function plain(results: Results): Result {
  const { rows, fields, affectedRows } = results;
  const extra = results as { rowCount?: number; command?: string };
  return { rows, fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), affectedRows, ...extra };
}

function handleOf(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function begin(id: number): Promise<void> {
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  let end: (commit: boolean) => void = () => {};
  const ended = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  const done = client
    .transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      started();
      // A refused end is a rollback: PGlite rolls back when the callback throws.
      if (!(await ended)) throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    })
    .finally(() => transactions.delete(id));
  // BEGIN itself can fail (a closed database): the failure then reaches the caller instead of a hang.
  await Promise.race([ready, done]);
}

class RolledBack extends Error {}

async function handle(request: Envelope): Promise<ReplyValue> {
  switch (request.op) {
    case 'query':
      return plain(
        await handleOf(request.tx).query(request.text, request.params, queryOptions(request.rowMode, request.rawTypes)),
      );
    case 'exec':
      return (await handleOf(request.tx).exec(request.text)).map(plain);
    case 'begin':
      await begin(request.tx);
      return null;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) return null;
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'dump':
      return (await client.dumpDataDir('gzip')).arrayBuffer();
    case 'close':
      await client.close();
      return null;
  }
}

function sentError(err: unknown): SentError {
  if (!(err instanceof Error)) return { message: String(err), fields: {}, databaseError: false };
  const { message, stack: _stack, ...fields } = err as Error & Record<string, unknown>;
  // Only data crosses threads: a field holding a function or a class instance would make postMessage throw.
  const data = Object.fromEntries(Object.entries(fields).filter(([, value]) => isCloneable(value)));
  return { message, fields: data, databaseError: err instanceof messages.DatabaseError };
}

function isCloneable(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value) || Array.isArray(value);
}

function reply(request: Envelope, value: ReplyValue): void {
  if (value instanceof ArrayBuffer) port.postMessage({ id: request.id, ok: true, value }, [value]);
  else port.postMessage({ id: request.id, ok: true, value });
}

port.on('message', (request: Envelope) => {
  handle(request)
    .then((value) => reply(request, value))
    // Also when the answer cannot be cloned: the caller must hear back rather than wait for ever.
    .catch((err: unknown) => port.postMessage({ id: request.id, ok: false, error: sentError(err) }));
});
port.postMessage({ ready: true });
