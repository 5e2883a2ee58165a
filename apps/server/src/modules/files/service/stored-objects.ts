import type { ObjectStorage } from '../../../platform/storage/storage';

/** Removals under way at once: a project's deletion may name thousands of objects. */
const removalsAtOnce = 16;

/** Removes one object; an object that is not there (any more) counts as removed. */
async function removeStoredObject(storage: ObjectStorage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (err) {
    // Some S3-compatible stores answer an absent key with an error rather than success: gone is what was asked.
    const stillThere = await storage.stat(key).then(
      (info) => info !== undefined,
      () => true,
    );
    if (stillThere) throw err;
  }
}

/**
 * Removes objects whose rows are gone, for the outbox (files/subscribers.ts): it tries every key, then throws if
 * any is still stored, so that the whole removal is tried again later (removing an absent object is a success).
 * @throws AggregateError naming how many objects could not be removed, with their errors
 */
export async function removeStoredObjectsOrThrow(storage: ObjectStorage, keys: string[]): Promise<void> {
  const errors: unknown[] = [];
  for (let start = 0; start < keys.length; start += removalsAtOnce) {
    const batch = keys.slice(start, start + removalsAtOnce);
    const results = await Promise.allSettled(batch.map((key) => removeStoredObject(storage, key)));
    for (const result of results) if (result.status === 'rejected') errors.push(result.reason);
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, `${errors.length} of ${keys.length} stored objects could not be removed`);
  }
}
