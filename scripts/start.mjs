// `npm start`: builds the web app and the server only when their sources changed since the last build, then
// runs the server in this process (no second Node process to load). A restart of a self-hosted instance
// therefore waits for no build, and several processes started from one checkout at once build once, under
// a lock, instead of into the same folders together.
import { pathToFileURL } from 'node:url';
import { buildProduct, serverMain } from './start/build-product.mjs';

try {
  await buildProduct({ onlyIfStale: true });
} catch (err) {
  console.error(`Deckhand: ${err instanceof Error ? err.message : err}; not starting.`);
  process.exit(1);
}
await import(pathToFileURL(serverMain).href);
