import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './precompress.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

// The client is served by the Nest server from dist/web (same origin). In development Vite serves it
// and forwards the server's paths, so cookies and the XSRF token work the same way.
export default defineConfig({
  root: webRoot,
  plugins: [react(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': api,
      '/sanctum': api,
      '/logout': api,
      '/healthz': api,
    },
  },
});
