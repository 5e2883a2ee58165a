import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { Envelope, Reply, ReplyValue, Request, Result, SentError, WorkerOptions } from './pglite-thread-protocol';

type Parsers = NonNullable<QueryOptions['parsers']>;

/**
 * The built server runs dist/pglite-worker.js next to dist/main.js. The TypeScript sources (tests, `npm run dev`)
 * run src/db/pglite-worker.ts, which the thread first registers tsx to load: a worker does not inherit the
 * loaders of the thread that starts it.
 */
export function startDatabaseWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: options });
  }
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: options });
}

function errorFrom(sent: SentError): Error {
  // The database's errors keep their class and fields (code, constraint…), which callers test.
  const err = sent.databaseError ? new messages.DatabaseError(sent.message, 0, 'error') : new Error(sent.message);
  return Object.assign(err, sent.fields);
}

/**
 * Embedded PGlite in a thread of its own, with the calls of PGlite that the server makes (query, exec,
 * transaction, dumpDataDir, close). PGlite runs PostgreSQL in WebAssembly on the thread that calls it: in the
 * main thread every statement stopped HTTP, JSON and WebSocket work for as long as it ran, so a busy board used
 * one core of two. Here SQL runs beside them. Values cross as structured clones; types the caller parses itself
 * (drizzle keeps timestamps as text) come back as text and are parsed here with the caller's parsers.
 */
export interface ThreadHooks {
  /**
   * Called once if the thread stops while the database is open (a crash, not close()): every query fails from then
   * on, so the server should stop and be restarted rather than go on answering errors.
   */
  onLost?: (err: Error) => void;
  /** Starts the worker (tests keep the Worker to stop it as a crash would). */
  start?: (options: WorkerOptions) => Worker;
}

export class PGliteThread {
  readonly #worker: Worker;
  #closing = false;
  readonly #pending = new Map<number, { resolve: (value: ReplyValue) => void; reject: (err: Error) => void }>();
  #nextId = 0;
  #nextTransaction = 0;
  #failure: Error | undefined;

  private constructor(worker: Worker, onLost: ((err: Error) => void) | undefined) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(errorFrom(reply.error));
    });
    const fail = (err: Error) => {
      // The first reason stands: a closed database's thread exits too, and that is not news.
      const first = this.#failure === undefined;
      this.#failure ??= err;
      for (const pending of this.#pending.values()) pending.reject(err);
      this.#pending.clear();
      if (first && !this.#closing) onLost?.(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits until its database is open; an error opening it is thrown here. */
  static async open(options: WorkerOptions, hooks: ThreadHooks = {}): Promise<PGliteThread> {
    const worker = (hooks.start ?? startDatabaseWorker)(options);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the database thread stopped (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', () => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve();
      });
    });
    return new PGliteThread(worker, hooks.onLost);
  }

  #send(request: Request): Promise<ReplyValue> {
    // A new error per call: its stack names the caller, where the failure's own stack names only close() or the crash.
    if (this.#failure) return Promise.reject(new Error(this.#failure.message, { cause: this.#failure }));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request } satisfies Envelope);
    });
  }

  async #query<T>(text: string, params: unknown[], options: QueryOptions | undefined, tx?: number) {
    const parsers: Parsers = options?.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const rowMode = options?.rowMode ?? 'object';
    const result = (await this.#send({ op: 'query', text, params, rowMode, rawTypes, tx })) as Result;
    return withParsedRows(result, parsers, rowMode) as Results<T>;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#exec(text);
  }

  async #exec(text: string, tx?: number): Promise<Results[]> {
    return (await this.#send({ op: 'exec', text, tx })) as Results[];
  }

  /** Runs `callback` in a transaction on the database thread: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#send({ op: 'begin', tx });
    let closed = false;
    const handle: Transaction = {
      query: (text, params = [], options) => this.#query(text, params, options, tx),
      exec: (text) => this.#exec(text, tx),
      sql: () => Promise.reject(new Error('tx.sql is not available on the database thread')),
      listen: () => Promise.reject(new Error('tx.listen is not available on the database thread')),
      rollback: async () => {
        closed = true;
        await this.#send({ op: 'end', tx, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(handle);
      if (!closed) await this.#send({ op: 'end', tx, commit: true });
      return result;
    } catch (err) {
      if (!closed) await this.#send({ op: 'end', tx, commit: false });
      throw err;
    } finally {
      closed = true;
    }
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#send({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    this.#closing = true;
    if (!this.#failure) await this.#send({ op: 'close' });
    this.#failure = new Error('the database is closed');
    await this.#worker.terminate();
  }
}

/** Rows with the caller's parsers applied to the columns the worker sent as text. */
function withParsedRows(result: Result, parsers: Parsers, rowMode: 'array' | 'object'): Result {
  const parsed = result.fields.map((field, i) => ({ i, field, parse: parsers[field.dataTypeID] }));
  const toParse = parsed.filter((column) => column.parse !== undefined);
  if (toParse.length === 0) return result;
  for (const row of result.rows) {
    for (const { i, field, parse } of toParse) {
      if (!parse) continue;
      if (rowMode === 'array') {
        const values = row as unknown[];
        if (values[i] !== null) values[i] = parse(values[i] as string);
      } else {
        const values = row as Record<string, unknown>;
        if (values[field.name] !== null) values[field.name] = parse(values[field.name] as string);
      }
    }
  }
  return result;
}
