// `--profile` for section 15 (transfer.mjs): where the server spends its CPU during an export or an import, and
// how much of its RSS growth is its main JS heap. The rest is native memory: buffers, and with PGlite the
// database's WebAssembly memory in its own thread, which no heap figure of the main thread shows.
import { setTimeout as delay } from 'node:timers/promises';
import { startServerProfile } from './cpu-profile.mjs';
import { connectInspector } from './inspector-client.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { formatMib } from './report.mjs';

const heapSampleMs = 200;

/**
 * Starts a CPU profile of the server whose inspector listens on `port`, and samples its main JS heap;
 * `stop(title)` prints the profile's summary and the heap's growth.
 */
export async function startTransferProfile(port) {
  const inspector = await connectInspector(port);
  const { usedSize: beforeBytes } = await inspector.post('Runtime.getHeapUsage');
  let peakBytes = beforeBytes;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      await delay(heapSampleMs);
      const { usedSize } = await inspector.post('Runtime.getHeapUsage');
      peakBytes = Math.max(peakBytes, usedSize);
    }
  })();
  const cpu = await startServerProfile(port);
  return {
    async stop(title) {
      const profile = await cpu.stop();
      sampling = false;
      await loop;
      inspector.close();
      printProfileSummary(title, profile);
      console.log(
        `    main JS heap: ${formatMib(beforeBytes / 1024)} before, peak ${formatMib(peakBytes / 1024)} ` +
          `(+${formatMib((peakBytes - beforeBytes) / 1024)})`,
      );
    },
  };
}
