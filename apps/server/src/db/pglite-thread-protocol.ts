/**
 * The messages between the server's main thread and the thread that runs PGlite (pglite-worker.ts). Only data
 * crosses: parser functions stay on the main thread, so a request names the types it wants as text and the main
 * thread parses those itself.
 */

/** What the worker needs to open the database (PGlite's options that can be cloned). */
export interface WorkerOptions {
  dataDir: string | undefined;
  loadDataDir: Blob | undefined;
  /** PostgreSQL settings (`-c name=value` pairs) after PGlite's own start parameters. */
  settings: string[];
}

export type Request =
  | { op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[]; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };

export interface Field {
  name: string;
  dataTypeID: number;
}

/** One statement's answer, as PGlite's `Results` without its blob. */
export interface Result {
  rows: unknown[];
  fields: Field[];
  affectedRows?: number;
  rowCount?: number;
  command?: string;
}

/** An error from the database, its fields (code, constraint, detail…) kept: a cloned Error would lose them. */
export interface SentError {
  message: string;
  fields: Record<string, unknown>;
  databaseError: boolean;
}

/** What a request answers: a statement's result, exec's results, a dump, or nothing. */
export type ReplyValue = Result | Result[] | ArrayBuffer | null;

export type Reply = { id: number; ok: true; value: ReplyValue } | { id: number; ok: false; error: SentError };

export type Envelope = { id: number } & Request;
