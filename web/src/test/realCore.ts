// Loads the real WASM core (the browser package that `@tessera/core` points at) in tests: Node
// cannot fetch the .wasm by URL, so the bytes are handed to init directly. Every later
// loadCore() call shares this instance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCore } from '../core/wasm';

export function loadRealCore() {
  const pkgDir = process.env.TESSERA_WASM_PKG_DIR;
  if (!pkgDir) throw new Error('TESSERA_WASM_PKG_DIR is not set (see vitest.config.ts)');
  return loadCore(readFileSync(join(pkgDir, 'tessera_wasm_core_bg.wasm')));
}
