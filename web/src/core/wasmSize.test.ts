// The WASM core is what the editor downloads before it can show a block's settings: a test, not a
// habit, keeps it small. It measures the browser module `cargo xtask wasm` builds (after wasm-opt)
// gzipped at level 9, as a server would send it. The markup module (wasm-markup: markdown, iframe
// code) loads only when a preview needs it and has no budget here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

// Issue 27's goal is 250 KB; not reached. The module is 433.2 KB (443,569 bytes gzipped,
// 1,122,109 raw) since the JSON facades `evaluate` and `evaluateBlocks` left it (about 73 KB: only
// the golden vectors' Node replay calls them, and wasm-core's `vectors` feature builds them into
// pkg-node alone; the preview calls typed exports, `scorecards`, `calendar`, `markdownTexts`),
// so the budget is that, rounded up to the next 10 KB. What is left, measured the same way:
// html5ever's tokenizer and named-character table (about 136 KB), kept because block validation
// checks an iframe block's pasted code with it (tessera-blocks' validate.rs through
// tessera_markup::iframe) and the server must give the same answer. Lower the budget with
// whatever of it leaves.
const CORE_BUDGET = 440 * KB;

it('keeps the gzipped WASM core the editor loads first within its budget', () => {
  const dir = process.env.TESSERA_WASM_PKG_DIR;
  if (!dir) throw new Error('TESSERA_WASM_PKG_DIR is not set (see vitest.config.ts)');
  const gzipped = gzipSync(readFileSync(join(dir, 'tessera_wasm_core_bg.wasm')), { level: 9 }).length;
  expect(gzipped, `tessera_wasm_core_bg.wasm is ${(gzipped / KB).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(CORE_BUDGET);
});
