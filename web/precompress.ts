import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text. Images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|wasm)$/;
/** Below this a compressed copy saves nothing worth a second file (one TCP packet). */
const MIN_BYTES = 1024;

/**
 * After `vite build`: a Brotli (quality 11, the maximum) and a gzip (level 9) copy beside every compressible hashed
 * asset in dist/web/assets, `name.js.br` and `name.js.gz`. The server sends them as they are (server/web-client),
 * so no request compresses anything and the best compression costs the build, never a visitor.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const dir = path.join(outDir, 'assets');
      const names = (await readdir(dir)).filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          if ((await stat(file)).size < MIN_BYTES) return;
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: name.endsWith('.js') ? constants.BROTLI_MODE_TEXT : 0,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
