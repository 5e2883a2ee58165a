const segment = /^[A-Za-z0-9._-]+$/;
const maxKeyLength = 512;

/** Whether `key` is one a driver accepts (see checkKey). */
export function isKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= maxKeyLength &&
    key.split('/').every((part) => segment.test(part) && part !== '.' && part !== '..')
  );
}

/**
 * Refuses a key that could name something outside the store's root (`..`, an absolute path, an empty or `.`
 * segment) or that a driver could read differently than it was written. Keys come from our code, never from a
 * client, so a bad one is a bug: it throws.
 */
export function checkKey(key: string): string {
  if (!isKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** A prefix to list under: a key, or the start of one (it may end with `/` or mid-segment). */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}
