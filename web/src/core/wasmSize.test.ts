// The WASM core is what the editor downloads before it can show a block's settings: a test, not a
// habit, keeps it small. It measures the browser module `cargo xtask wasm` builds (after wasm-opt)
// gzipped at level 9, as a server would send it. The markup module (wasm-markup: markdown, iframe
// code) loads only when a preview needs it and has no budget here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

// Issue 27's goal is 250 KB; not reached. The module is 304.3 KB as measured here (311,649 bytes
// with Node's zlib at level 9; 306,920 with `gzip -9`; 790,013 raw), so the budget is that,
// rounded up to the next 10 KB. It was 502 KB (`gzip -9`); out of it since: the JSON facades
// `evaluate` and `evaluateBlocks`, which only the golden vectors' Node replay calls (wasm-core's
// `vectors` feature builds them into pkg-node alone; the preview calls typed exports,
// `scorecards`, `calendar`, `markdownTexts`), about 73 KB; html5ever for the iframe check of
// block validation (tessera-blocks' `iframe-check` feature, off in this build: the settings
// editor takes the markup module's `iframeFrame` refusal, the same Rust function), about 133 KB.
// What is left (not broken down yet) is the binding of tessera-core and tessera-blocks with their
// dependencies (serde, serde_json, chrono, regex-lite); lower the budget with whatever leaves.
// Issue 31 added 10.2 KB (314.5 KB, 322,054 bytes here): the binary sheet form's decoder and
// SheetLoader (a server tab loads in 0.5 s instead of 6.4 s through JSON), Table::warm, and the
// table handle's rowCells and scorecards/calendar/markdownTexts, which replace the JSON facades
// that parsed the whole sheet per call; hence 320 KB. Issue 45 added 7.7 KB (322.2 KB, 329,960
// bytes here): the viewer's scope in the query every build runs (`shown_by_any`,
// `readable_columns`, `search_columns`; about 1.6 KB of it is serde for the two column lists),
// kept in the one `query::run` so the golden vectors still check the server's rules in WASM byte
// for byte; hence 330 KB. Issue 47 added 5.5 KB (334.3 KB, 342,325 bytes here; 336,719 without
// it): `displayTexts`, the display rule (`tessera_core::display`: numbers, currencies, percents,
// dates by locale or pattern) and the blocks' column formats, so the editor's preview writes
// cells as viewers read them instead of raw; hence 340 KB. Issue 48 added 15.3 KB (349.6 KB,
// 358,039 bytes here): a chart's date buckets, category order, top N and counts, whose settings
// the editor's preview passes to `aggregate` as the server does (most of it is serde for the three
// new choice enums and the flattened grouping; one sort comparator type already saved 7 KB);
// hence 360 KB.
const CORE_BUDGET = 360 * KB;

it('keeps the gzipped WASM core the editor loads first within its budget', () => {
  const dir = process.env.TESSERA_WASM_PKG_DIR;
  if (!dir) throw new Error('TESSERA_WASM_PKG_DIR is not set (see vitest.config.ts)');
  const gzipped = gzipSync(readFileSync(join(dir, 'tessera_wasm_core_bg.wasm')), { level: 9 }).length;
  expect(gzipped, `tessera_wasm_core_bg.wasm is ${(gzipped / KB).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(CORE_BUDGET);
});
