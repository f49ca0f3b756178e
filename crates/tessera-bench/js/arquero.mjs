// @ts-check
// The `arquero` engine: Arquero (npm `arquero`), the columnar dataframe library for
// JavaScript a team would pick instead of Tessera's WASM core, run under Node as a page would.
//
// Load (timed): read the CSV text, `fromCSV` with every column as text (`autoType: false`, as
// in a sheet), then `derive` the typed columns the query uses, made once as the polars engine
// does: `category_norm`, `amount_num` and `order_day` (with baseline.mjs's rules, so the
// reading of amounts and dates is the same code) and a lower-cased copy of every column for
// the search.
//
// Query (timed): Arquero's verbs, which it compiles into loops over the columns:
// `params` + `filter` (the three filters), `filter` (the search), `groupby` + `rollup`
// (count, sum, mean), `objects()`. Two ways of writing the search are measured, each its own
// report.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import * as aq from 'arquero';

import { parseAmount, parseDay, searchTerms } from './baseline.mjs';
import { emit, gc, peakRssBytes, sorted, timer } from './report.mjs';

const { op } = aq;

/** @param {string} c */
const lowerCopy = (c) => `lower_${c}`;

/**
 * @param {{ csvPath: string, runs: number, spec: import('./baseline.mjs').Spec }} args
 */
export async function run({ csvPath, runs, spec }) {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let text = readFileSync(csvPath, 'utf8');
  const t1 = performance.now();
  const raw = aq.fromCSV(text, { autoType: false });
  const t2 = performance.now();
  const columns = raw.columnNames();
  const value = spec.value;
  /** @type {Record<string, any>} */
  const derived = {
    category_norm: (/** @type {any} */ d) => op.lower(op.trim(d.category)),
    amount_num: aq.escape((/** @type {any} */ d) => parseAmount(String(d[value] ?? ''))),
    order_day: aq.escape((/** @type {any} */ d) => parseDay(String(d.order_date ?? ''))),
  };
  for (const c of columns) derived[lowerCopy(c)] = `d => op.lower(d[${JSON.stringify(c)}])`;
  const dt = raw.derive(derived);
  const t3 = performance.now();
  // The table now holds the only copy of the cells.
  text = '';
  gc();
  const tableBytes = process.memoryUsage().heapUsed - heapBefore;

  const terms = searchTerms(spec.search);
  /** @param {(column: string) => string} cell the lower-cased text of a column, as an expression */
  const search = (cell) =>
    terms.length === 0
      ? 'd => true'
      : `d => ${columns.flatMap((c) => terms.map((t) => `op.includes(${cell(c)}, ${JSON.stringify(t)})`)).join(' || ')}`;
  const params = {
    category: spec.category.trim().toLowerCase(),
    amount_min: spec.amount_min,
    from: parseDay(spec.date_from),
    to: parseDay(spec.date_to),
  };
  const variants = [
    { engine: 'arquero', search: search((c) => `d[${JSON.stringify(lowerCopy(c))}]`), how: 'search on the lower-cased copies' },
    {
      engine: 'arquero, lower-case in query',
      search: search((c) => `op.lower(d[${JSON.stringify(c)}])`),
      how: 'search as op.includes(op.lower(column), term) on the raw text',
    },
  ];
  const timed = timer(runs);
  for (const v of variants) {
    const q = timed(() => {
      const groups = dt
        .params(params)
        .filter(
          (/** @type {any} */ d, /** @type {any} */ $) =>
            d.category_norm === $.category && d.amount_num > $.amount_min && d.order_day >= $.from && d.order_day <= $.to,
        )
        .filter(v.search)
        .groupby(spec.group_by)
        .rollup({
          n: op.count(),
          sum: (/** @type {any} */ d) => op.sum(d.amount_num),
          avg: (/** @type {any} */ d) => op.mean(d.amount_num),
        })
        .objects();
      return {
        count: groups.reduce((n, g) => n + g.n, 0),
        groups: groups.map((g) => ({ key: String(g[spec.group_by]), sum: g.sum, avg: g.avg })),
      };
    });
    emit({
      engine: v.engine,
      rows: dt.numRows(),
      load_ms: t3 - t0,
      load_parts: [
        ['read file', t1 - t0],
        ['fromCSV (all text)', t2 - t1],
        ['derive typed/lower-cased columns', t3 - t2],
      ],
      query_ms: q.times,
      table_bytes: tableBytes,
      peak_rss_bytes: peakRssBytes(),
      result: sorted(q.result),
      note: `${v.how}; first run ${q.firstMs.toFixed(1)} ms; table bytes = JS heap growth after GC`,
    });
  }
}
