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
    // Automatic splitting leaves dozens of tiny shared chunks (many under 1 kB); a visitor's board
    // fetched 63 files, and on 2 cores requesting and evaluating each one held up drawing the
    // blocks (issue 31). Rolldown copies common chunks under 8 kB (source size) into the chunks
    // that read them, keeping one module state through its runtime's registry: 42 files, the
    // ten-block data board drawn 10 to 14% sooner in alternating cold loads, the critical path
    // 133 KB before, 133 to 152 KB gzipped after in runs of `cargo xtask bench-web` (budget 170).
    // Experimental in rolldown 1.2, pinned by the lock file.
    rolldownOptions: { output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8192 } } } },
  },
});
