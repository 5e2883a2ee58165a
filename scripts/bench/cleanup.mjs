// Undo steps (drop a database, delete the work dir) that must run whether the bench finishes, fails or is
// interrupted. Child processes are not here: they are killed synchronously on exit by server-process.mjs.

const tasks = new Set();

/** Registers an async undo step; the returned function unregisters it once the caller has run it itself. */
export function onCleanup(task) {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs the pending steps, newest first (a database is dropped before the folder that holds its logs). */
export async function runCleanups() {
  for (const task of [...tasks].reverse()) {
    tasks.delete(task);
    try {
      await task();
    } catch (err) {
      // One failed step must not stop the others; the message tells the reader what to remove by hand.
      console.error(`cleanup step failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
