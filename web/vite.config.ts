import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { tokensCss } from '../shared/design-tokens.js';
import { precompressAssets } from './precompress.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://localhost:3000';

/**
 * `import 'virtual:design-tokens.css'` is the design tokens (shared/design-tokens.ts) as custom properties: the
 * stylesheets read them without a second written copy. Works the same in the client's and an SSR build.
 */
function designTokens(): Plugin {
  const id = 'virtual:design-tokens.css';
  const resolved = `\0${id}`;
  return {
    name: 'design-tokens',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (source) => (source === resolved ? tokensCss() : undefined),
  };
}

// The client is served by the Nest server from dist/web (same origin). In development Vite serves it
// and forwards the server's paths, so cookies and the XSRF token work the same way.
//
// `vite build --ssr src/entry-server.tsx` (npm run build:web) builds the server's renderer of the same pages into
// dist/web-server (server/web-client loads it): one self-contained module, React and the router included, so the
// server needs none of the client's packages at run time.
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [designTokens(), react()] : [designTokens(), react(), precompressAssets()],
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('../dist/web-server', import.meta.url)),
        emptyOutDir: true,
        target: 'node20',
        sourcemap: false,
        copyPublicDir: false,
      }
    : {
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
}));
