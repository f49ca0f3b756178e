import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig, { markupPkgDir, wasmPkgDir } from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      mockReset: true,
      // A hang guard, not a speed check: on CI's two shared cores a test that types into a
      // few fields can take longer than vitest's 5 s default without anything being wrong.
      testTimeout: 20_000,
      // Store tests load the real WASM modules from here (src/test/realCore.ts).
      env: { TESSERA_WASM_PKG_DIR: wasmPkgDir, TESSERA_WASM_MARKUP_PKG_DIR: markupPkgDir },
    },
  }),
);
