import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const backend = 'http://127.0.0.1:3000';

// Vite demands a default export from its config file.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: {
    // Drops the Sentry SDK's debug logging (the `debug` option, which we never set): about 2.5 KB of every first load.
    __SENTRY_DEBUG__: 'false',
    // Leaves out session replay's recording of iframes (about 0.8 KB of every first load): the app's pages have none,
    // and the one of the admin's replay player is not worth recording.
    __RRWEB_EXCLUDE_IFRAME__: 'true',
    // Leaves out the recording of shadow roots (about 0.5 KB): the app has none; the feedback form, which the SDK
    // draws in one, is recorded as its host element.
    __RRWEB_EXCLUDE_SHADOW_DOM__: 'true',
    // Leaves out the SDK's replay compression worker, a 10 KB string (4.3 KB as sent) in every first load: ours,
    // src/lib/errors/replay-worker.ts, does the same with the browser's CompressionStream.
    __SENTRY_EXCLUDE_REPLAY_WORKER__: 'true',
  },
  build: {
    // The bench reads .vite/manifest.json to name the source module of each file a browser loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/updates': { target: backend, ws: true },
    },
  },
});
