import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where file bytes live (DESIGN.md §3): the local disk under DATA_DIR/files, or an S3-compatible bucket so
 * several instances share one store. Keys are slash-separated paths of letters, digits, `-`, `_` and `.`
 * (no `..` segment); a driver refuses any other key, so a key can never walk out of its root.
 */
export interface ObjectStorage {
  /**
   * Streams `body` into the object `key` (replacing one that is there) and resolves with its size once every
   * byte is stored. When `body` fails (a dropped upload, a size limit enforced by a transform in front of it)
   * or the store does, `put` rejects with that error and nothing is left under `key`: not a partial object,
   * nor a pending multipart upload. A reader never sees a half-written object.
   */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * The object's bytes as a stream (only `range` of them when given; a range must lie inside the object) and the
   * object's whole size; undefined when nothing is stored under `key`.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | undefined>;
  /** The object's size and time, or undefined when absent. */
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Removes the object; nothing happens when it is absent. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no set order: what a clean-up sweeps. */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** Resolves when the store can be written to now (readiness); rejects saying why not. */
  check(): Promise<void>;
}
