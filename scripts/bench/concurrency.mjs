// Bounded concurrency for setup work: registering hundreds of accounts one at a time takes minutes, and
// all at once queues hundreds of argon2 hashes in the server, which times requests out.

/**
 * Calls `work(item, index)` for every item with at most `limit` calls in flight; resolves to the results
 * in input order. The first rejection stops new calls and rejects (calls in flight finish on their own).
 */
export async function mapWithConcurrency(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  let failed = false;
  async function runLane() {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index], index);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runLane));
  return results;
}
