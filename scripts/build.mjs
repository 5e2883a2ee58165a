// `npm run build`: the web app, then the server, stamped so that `npm start` knows the build is current.
import { buildProduct } from './start/build-product.mjs';

try {
  await buildProduct({ onlyIfStale: false });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
