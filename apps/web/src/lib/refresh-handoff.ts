/**
 * The token the latest refresh produced, handed from the tab that refreshed to the tabs that were about to.
 *
 * localStorage cannot carry it: Chromium propagates another tab's write to this tab's copy asynchronously,
 * so a tab that takes the refresh lock just after another released it can still read the old token and
 * refresh again. IndexedDB reads go to one backend for the whole origin, so a transaction started after
 * another tab's write committed sees that write. Every failure here degrades to "nothing handed off".
 */

const databaseName = 'deckhand-session';
const storeName = 'handoff';
const key = 'refreshed-token';

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Runs one request in its own transaction; resolves with its result once committed, `undefined` on failure. */
async function inStore(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const database = await openDatabase();
  if (!database) return undefined;
  return new Promise<unknown>((resolve) => {
    try {
      const transaction = database.transaction(storeName, mode);
      const request = run(transaction.objectStore(storeName));
      // `complete` fires once a write is committed and visible to every other connection.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  }).finally(() => database.close());
}

export async function readHandedOffToken(): Promise<string | null> {
  const result = await inStore('readonly', (store) => store.get(key));
  return typeof result === 'string' ? result : null;
}

/** Resolves once other tabs can read the token. */
export async function handOffToken(token: string): Promise<void> {
  await inStore('readwrite', (store) => store.put(token, key));
}

export async function forgetHandedOffToken(): Promise<void> {
  await inStore('readwrite', (store) => store.delete(key));
}
