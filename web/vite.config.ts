import { fileURLToPath } from 'node:url';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import react from '@vitejs/plugin-react';
import { fontAwesomeBuckets } from './icons/plugin.ts';
import { serviceWorker } from './sw/plugin.ts';

// The WASM modules are built by `cargo xtask wasm` (wasm-bindgen's `web` target): the core into ../wasm-core/pkg, imported
// as `@tessera/core`, and the markup module (markdown, iframe code; loaded only when a preview needs it) into
// ../wasm-markup/pkg, imported as `@tessera/markup`, so no file names the generated paths but this one (and the tsconfigs).
// TESSERA_WASM_PKG and TESSERA_WASM_MARKUP_PKG point at other such folders (absolute paths) when needed.
export const wasmPkgDir = process.env.TESSERA_WASM_PKG ?? fileURLToPath(new URL('../wasm-core/pkg', import.meta.url));
export const markupPkgDir = process.env.TESSERA_WASM_MARKUP_PKG ?? fileURLToPath(new URL('../wasm-markup/pkg', import.meta.url));

export default defineConfig({
  plugins: [react(), serviceWorker(), fontAwesomeBuckets()],
  resolve: {
    alias: {
      '@tessera/core': `${wasmPkgDir}/tessera_wasm_core.js`,
      '@tessera/markup': `${markupPkgDir}/tessera_wasm_markup.js`,
    },
  },
  server: {
    // The pkg folders sit outside web/, so the dev server must be allowed to serve them.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), wasmPkgDir, markupPkgDir] },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // The largest chunk is ECharts (about 520 kB, 180 kB gzipped), which loads lazily with the
    // first chart; the entry chunk stays well under this.
    chunkSizeWarningLimit: 600,
  },
});
