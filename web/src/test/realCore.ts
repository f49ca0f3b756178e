// Loads the real WASM core and markup modules (the browser packages that `@tessera/core` and
// `@tessera/markup` point at) in tests: Node cannot fetch the .wasm by URL, so the bytes are
// handed to init directly. Every later loadCore() and loadMarkup() call shares these instances.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMarkup } from '../core/markup';
import { loadCore } from '../core/wasm';

function pkgDir(name: string) {
  const dir = process.env[name];
  if (!dir) throw new Error(`${name} is not set (see vitest.config.ts)`);
  return dir;
}

/** The real core, with the real markup module loaded too, so a markdown or iframe preview works. */
export async function loadRealCore() {
  const [core] = await Promise.all([loadCore(readFileSync(join(pkgDir('TESSERA_WASM_PKG_DIR'), 'tessera_wasm_core_bg.wasm'))), loadRealMarkup()]);
  return core;
}

export function loadRealMarkup() {
  return loadMarkup(readFileSync(join(pkgDir('TESSERA_WASM_MARKUP_PKG_DIR'), 'tessera_wasm_markup_bg.wasm')));
}
