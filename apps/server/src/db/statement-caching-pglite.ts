import {
  messages as backend,
  PGlite,
  type PGliteOptions,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = backend.BackendMessage;

/** A column of a statement's rows, as upstream's results name it. */
interface Column {
  name: string;
  dataTypeID: number;
}

/** A statement PostgreSQL has parsed and planned once, under a name, and what its description told. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** None for a statement that returns no rows (an UPDATE without RETURNING). */
  columns: Column[];
}

/** The commands whose count upstream adds to `affectedRows`. */
const countsAffectedRows = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Past this many distinct texts the least recently used statement is closed (generated IN lists vary). */
const defaultCapacity = 500;

/** Only plain DML gains from a kept plan; DDL and session commands take PGlite's usual path. */
const cacheableText = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The backend no longer has the statement (DEALLOCATE ALL), or a table changed so that its result would
 * (cached plan must not change result type): prepare it again.
 */
const staleStatementCodes = new Set(['26000', '0A000']);

/**
 * PGlite whose `query` keeps a named prepared statement per SQL text.
 *
 * Upstream `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the WebAssembly
 * backend with an unnamed statement, so PostgreSQL parses and plans every query again: on a kanban move that
 * was most of the server's time. Here a text is parsed and described once; each later call sends Bind,
 * Execute and Sync in one call and the backend reuses the plan, as node-postgres with named statements lets
 * a PostgreSQL server do. Results, errors and locking are those of upstream `query`.
 */
export class StatementCachingPGlite extends PGlite {
  readonly #statements = new Map<string, Statement>();
  readonly #capacity: number;
  #nextName = 0;

  /** Opens the database and waits until it is ready, as `PGlite.create` does for the base class. */
  static async open(options: PGliteOptions, capacity = defaultCapacity): Promise<StatementCachingPGlite> {
    const client = new StatementCachingPGlite(options, capacity);
    await client.waitReady;
    return client;
  }

  private constructor(options: PGliteOptions, capacity: number) {
    super(options);
    this.#capacity = capacity;
  }

  /** How many statements are kept (for tests). */
  get cachedStatements(): number {
    return this.#statements.size;
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!cacheable(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#runCached<T>(text, params, options, false));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(this.#cachingTransaction(tx)));
  }

  /** The transaction handle PGlite gives, with `query` going through the statements. */
  #cachingTransaction(tx: Transaction): Transaction {
    const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
      if (!cacheable(text, options)) return tx.query<R>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return this.#runCached<R>(text, params, options, true);
    };
    return {
      query,
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  async #runCached<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const result = await this._runExclusiveQuery(async () => {
      try {
        return await this.#execute<T>(text, params, options);
      } catch (err) {
        // Inside a transaction the error has aborted it: a second try would only be refused.
        if (inTransaction || !isStaleStatement(err)) throw err;
        await this.#forget(text);
        return await this.#execute<T>(text, params, options);
      }
    });
    if (!inTransaction) await this.syncToFs();
    return result;
  }

  async #execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await this.#statement(text, params, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await this.#exchange(
      [
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    return this.#results<T>(statement.columns, messages, options);
  }

  /**
   * The answer as upstream `query` gives it. Execute on a named statement sends no row description, so the
   * columns are those Describe gave when the statement was prepared.
   */
  #results<T>(columns: Column[], messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const parsers = columns.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? this.parsers[dataTypeID]);
    const value = (field: string | null, i: number): unknown => {
      const parser = parsers[i];
      return field === null || !parser ? field : parser(field, columns[i]?.dataTypeID ?? 0);
    };
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message instanceof backend.DataRowMessage) {
        if (options?.rowMode === 'array') {
          rows.push(message.fields.map(value));
        } else {
          const row: Record<string, unknown> = {};
          message.fields.forEach((field, i) => {
            row[columns[i]?.name ?? ''] = value(field, i);
          });
          rows.push(row);
        }
      } else if (message instanceof backend.CommandCompleteMessage) {
        // A tag that counts rows ends in the count ("SELECT 2", "INSERT 0 5"); others end in a word.
        const words = message.text.split(' ');
        const command = words[0] ?? '';
        const rowCount = Number.parseInt(words.at(-1) ?? '', 10);
        const affectedRows = countsAffectedRows.has(command) ? rowCount : 0;
        const result = { rows, fields: columns, command, affectedRows } as Results<T>;
        return Number.isNaN(rowCount) ? result : { ...result, rowCount };
      }
    }
    return { rows: [], fields: [], affectedRows: 0 };
  }

  /** The kept statement for `text`, parsed and described now if it is new (or was closed). */
  async #statement(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Statement> {
    const kept = this.#statements.get(text);
    if (kept) {
      // Map order is insertion order: moving a hit to the end keeps the least recently used first.
      this.#statements.delete(text);
      this.#statements.set(text, kept);
      return kept;
    }
    const name = `deckhand_${this.#nextName++}`;
    const messages = await this.#exchange(
      [
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    const description = messages.find((message) => message instanceof backend.RowDescriptionMessage);
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: description?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? [],
    };
    this.#statements.set(text, statement);
    if (this.#statements.size > this.#capacity) {
      const [oldest] = this.#statements.keys();
      if (oldest !== undefined) await this.#forget(oldest);
    }
    return statement;
  }

  /** Closes a kept statement; a failure only leaves it allocated under a name never used again. */
  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.execProtocolRawStream(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false, onRawData: () => {} },
    );
  }

  /**
   * Sends messages to the backend in one call and reads its answer; an ErrorResponse is thrown as upstream does.
   * The streaming call, because the plain one also parses every answer into a list that only upstream's own
   * calls empty: it would grow with each cached query in between. Notices and LISTEN notifications in the answer
   * are not passed on, as nothing here asks for them (no `onNotice`: that takes upstream's path; no LISTEN).
   */
  async #exchange(
    messages: Uint8Array[],
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<BackendMessage[]> {
    const received: BackendMessage[] = [];
    const parser = new protocol.Parser();
    await this.execProtocolRawStream(concat(messages), {
      syncToFs: false,
      // A chunk is a view of the backend's memory, which the next chunk overwrites: the parser gets a copy.
      onRawData: (chunk) => parser.parse(chunk.slice(), (message) => received.push(message)),
    });
    const error = received.find((message) => message instanceof backend.DatabaseError);
    if (error) throw Object.assign(error, { query: text, params, queryOptions: options });
    return received;
  }
}

function cacheable(text: string, options: QueryOptions | undefined): boolean {
  // Blobs (COPY … '/dev/blob'), fixed parameter types and notices need upstream's handling.
  return !options?.blob && !options?.paramTypes && !options?.onNotice && cacheableText.test(text);
}

function isStaleStatement(err: unknown): boolean {
  return err instanceof backend.DatabaseError && staleStatementCodes.has(err.code ?? '');
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
