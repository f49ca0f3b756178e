import { fileURLToPath } from 'node:url';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import react from '@vitejs/plugin-react';
import { fontAwesomeBuckets } from './icons/plugin.ts';
import { serviceWorker } from './sw/plugin.ts';

// The WASM core is built by `cargo xtask wasm` (wasm-bindgen's `web` target) into ../wasm-core/pkg; the app imports it
// as `@tessera/core` so no file names the generated path but this one (and tsconfig.app.json).
// TESSERA_WASM_PKG points at another such folder (absolute path) when needed.
export const wasmPkgDir = process.env.TESSERA_WASM_PKG ?? fileURLToPath(new URL('../wasm-core/pkg', import.meta.url));

export default defineConfig({
  plugins: [react(), serviceWorker(), fontAwesomeBuckets()],
  resolve: {
    alias: {
      '@tessera/core': `${wasmPkgDir}/tessera_wasm_core.js`,
    },
  },
  server: {
    // The pkg folder sits outside web/, so the dev server must be allowed to serve it.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), wasmPkgDir] },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // The largest chunk is ECharts (about 520 kB, 180 kB gzipped), which loads lazily with the
    // first chart; the entry chunk stays well under this.
    chunkSizeWarningLimit: 600,
  },
});
