// @ts-check
// Node side of the benchmark, started by the `tessera-bench` runner once per engine:
//
//   node --expose-gc bench.mjs wasm <csv> <runs> <spec.json> <core-query.json> <core-chart.json>
//   node --expose-gc bench.mjs ts   <csv> <runs> <spec.json>
//   node --expose-gc bench.mjs duckdb|arquero <csv> <runs> <spec.json>
//
// `wasm` streams the sheet's columnar bytes (path in TESSERA_BENCH_COLUMNS) into the WASM core
// (wasm-core/pkg-node, path in TESSERA_WASM_PKG) and
// runs the query through `SheetTable.chart` (filters + search + group-by) and `SheetTable.query`
// (the row count); `ts` runs the plain-JavaScript baseline of baseline.mjs; `duckdb` and
// `arquero` are the in-browser peers (duckdb.mjs, arquero.mjs). Each prints `REPORT {json}`
// lines in the runner's EngineReport shape (report.mjs).

import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

import * as baseline from './baseline.mjs';
import { parseCsv } from './csv.mjs';
import { emit, gc, median, peakRssBytes, sorted, timer } from './report.mjs';

const [mode, csvPath, runsArg, specJson, coreQueryJson, coreChartJson] = process.argv.slice(2);
const runs = Math.max(1, Number(runsArg) || 1);
/** @type {import('./baseline.mjs').Spec} */
const spec = JSON.parse(specJson);

const timed = timer(runs);

function runWasm() {
  const pkgPath = process.env.TESSERA_WASM_PKG;
  if (!pkgPath) throw new Error('TESSERA_WASM_PKG is not set');
  const require = createRequire(import.meta.url);
  const wasm = require(pkgPath);
  const querySpec = JSON.parse(coreQueryJson);
  const chartSpec = JSON.parse(coreChartJson);

  // The tab as the server answers it (tessera_core::columnar bytes, written by the runner),
  // streamed in 1 MiB chunks into a SheetLoader as the browser streams a download into it.
  const columnsPath = process.env.TESSERA_BENCH_COLUMNS;
  if (!columnsPath) throw new Error('TESSERA_BENCH_COLUMNS is not set');
  gc();
  const t0 = performance.now();
  const loader = new wasm.SheetLoader();
  const file = openSync(columnsPath, 'r');
  const chunk = new Uint8Array(1 << 20);
  for (let read; (read = readSync(file, chunk)) > 0; ) loader.push(chunk.subarray(0, read));
  closeSync(file);
  const t1 = performance.now();
  const table = loader.finish();
  loader.free();
  const t2 = performance.now();
  const rows = table.rowCount;

  const chart = timed(() => table.chart(chartSpec));
  const page = timed(() => table.query(querySpec));
  /** @type {{ labels: string[], series: { name: string, data: (number | null)[] }[] }} */
  const model = chart.result;
  const groups = model.labels.map((key, i) => ({
    key,
    sum: Number(model.series[0].data[i]),
    avg: Number(model.series[1].data[i]),
  }));
  // Where the time goes: filters only, search only (one-row pages, so the rows returned cost
  // nothing).
  const onePage = { ...querySpec, page: 1, rows_per_page: 1 };
  const onlyFilters = timed(() => table.query({ ...onePage, search: null }));
  const onlySearch = timed(() => table.query({ ...onePage, filters: [] }));
  const memory = wasm.__wasm?.memory?.buffer?.byteLength;
  emit({
    engine: 'wasm',
    rows,
    load_ms: t2 - t0,
    load_parts: [
      ['read the columnar bytes + SheetLoader.push', t1 - t0],
      ['SheetLoader.finish (Table::warm)', t2 - t1],
    ],
    query_ms: chart.times,
    table_bytes: typeof table.heapBytes === 'function' ? table.heapBytes() : null,
    peak_rss_bytes: peakRssBytes(),
    result: sorted({ count: page.result.total, groups }),
    note:
      `query = SheetTable.chart (filters + search + group-by); first run ${chart.firstMs.toFixed(1)} ms ` +
      `(${(chart.firstMs / median(chart.times)).toFixed(2)}x the median); ` +
      `SheetTable.query (count + first page) median ${median(page.times).toFixed(2)} ms; ` +
      `filters only ${median(onlyFilters.times).toFixed(2)} ms (${onlyFilters.result.total} rows), ` +
      `search only ${median(onlySearch.times).toFixed(2)} ms (${onlySearch.result.total} rows)` +
      (memory ? `; WASM linear memory ${(memory / 1e6).toFixed(1)} MB` : ''),
  });
  table.free();
}

function runTs() {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const text = readFileSync(csvPath, 'utf8');
  let csv = parseCsv(text);
  const t1 = performance.now();
  const sheet = baseline.load(csv, spec);
  const t2 = performance.now();
  csv = { columns: [], rows: [] };
  gc();
  const heapAfter = process.memoryUsage().heapUsed;

  const q = timed(() => baseline.query(sheet, spec));
  emit({
    engine: 'ts baseline',
    rows: sheet.rows.length,
    load_ms: t2 - t0,
    load_parts: [
      ['read+parse CSV', t1 - t0],
      ['rows to objects, parse numbers/dates once', t2 - t1],
    ],
    query_ms: q.times,
    // JS heap held by the rows (the CSV text is included: V8 keeps cells as slices of it).
    table_bytes: heapAfter - heapBefore,
    peak_rss_bytes: peakRssBytes(),
    result: sorted(q.result),
    note: `first run ${q.firstMs.toFixed(1)} ms; table bytes = JS heap growth after GC`,
  });
}

if (mode === 'wasm') runWasm();
else if (mode === 'ts') runTs();
// The in-browser peers load their npm packages (js/node_modules) only when they run.
else if (mode === 'duckdb') await (await import('./duckdb.mjs')).run({ csvPath, runs, spec });
else if (mode === 'arquero') await (await import('./arquero.mjs')).run({ csvPath, runs, spec });
else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
