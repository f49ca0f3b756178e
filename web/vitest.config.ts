import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig, { wasmPkgDir } from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      mockReset: true,
      // Store tests load the real WASM module from here (src/test/realCore.ts).
      env: { TESSERA_WASM_PKG_DIR: wasmPkgDir },
    },
  }),
);
