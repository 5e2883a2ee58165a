import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const backend = 'http://127.0.0.1:3000';

// Vite demands a default export from its config file.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    // The bench reads .vite/manifest.json to add up what the browser loads before / and /login are usable.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/updates': { target: backend, ws: true },
    },
  },
});
