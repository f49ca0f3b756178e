// @ts-check
// The `duckdb` engine: DuckDB-WASM (@duckdb/duckdb-wasm) under Node, the in-browser SQL engine
// a team would pick instead of Tessera's WASM core. It runs the same WebAssembly build a
// browser loads (the EH bundle, or MVP where WASM exceptions are missing; neither has
// threads), through the synchronous Node bindings, so no worker hop is timed.
//
// Load (timed): read the CSV file into bytes (a browser's `fetch(...).arrayBuffer()`),
// `registerFileBuffer`, then one `CREATE TABLE ... AS SELECT` over `read_csv` with every
// column as text (as in a sheet) plus the typed columns the query uses, made once as the
// polars engine does: `category_norm`, `amount_num` (DOUBLE), `order_day` (DATE) and a
// lower-cased copy of every column for the search.
//
// Query (timed): one SQL statement, filters + search + GROUP BY, the Arrow answer turned
// into JS objects. Two ways of writing the search are measured, each its own report.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { searchTerms } from './baseline.mjs';
import { parseCsv } from './csv.mjs';
import { emit, gc, peakRssBytes, sorted, timer } from './report.mjs';

/** @param {string} s */
const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;
/** @param {string} s */
const ident = (s) => `"${s.replaceAll('"', '""')}"`;
/** @param {string} c */
const lowerCopy = (c) => ident(`lower_${c}`);

/**
 * The amount rule of src/query.rs `oracle_amount` and baseline.mjs `parseAmount` in SQL:
 * drop every character but digits, '-' and '.', then the longest number at the start
 * (`$1,234.50` and `1234.50 USD` are 1234.5); NULL when there is none.
 * @param {string} column
 */
const amountSql = (column) =>
  `TRY_CAST(regexp_extract(regexp_replace(${ident(column)}, '[^0-9.-]', '', 'g'), ` +
  `'^-?([0-9]+(\\.[0-9]+)?|\\.[0-9]+)') AS DOUBLE)`;

/**
 * The three date formats the dataset writes, `2024-03-05`, `03/05/2024` (month first) and
 * `Mar 5, 2024`, told apart by their separator; NULL when unreadable. (Twelve times faster in
 * DuckDB-WASM than `try_strptime(text, [three formats])`, which tries each format in turn:
 * 0.8 s against 9.8 s at a million rows.)
 * @param {string} column
 */
const daySql = (column) => {
  const t = `trim(${ident(column)})`;
  return (
    `CAST(CASE WHEN contains(${t}, '-') THEN try_strptime(${t}, '%Y-%m-%d') ` +
    `WHEN contains(${t}, '/') THEN try_strptime(${t}, '%m/%d/%Y') ` +
    `ELSE try_strptime(${t}, '%b %d, %Y') END AS DATE)`
  );
};

/**
 * @param {{ csvPath: string, runs: number, spec: import('./baseline.mjs').Spec }} args
 */
export async function run({ csvPath, runs, spec }) {
  const require = createRequire(import.meta.url);
  const blocking = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
  const duckdb = require(blocking);
  const dist = path.dirname(blocking);
  const bundles = {
    mvp: { mainModule: path.join(dist, 'duckdb-mvp.wasm'), mainWorker: path.join(dist, 'duckdb-node-mvp.worker.cjs') },
    eh: { mainModule: path.join(dist, 'duckdb-eh.wasm'), mainWorker: path.join(dist, 'duckdb-node-eh.worker.cjs') },
  };
  // Starting the database is not part of the load: a page does it once, before any sheet.
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  const conn = db.connect();
  /** @param {string} sql */
  const rowsOf = (sql) => conn.query(sql).toArray().map((/** @type {any} */ r) => r.toJSON());
  const threads = rowsOf("SELECT current_setting('threads') AS t")[0].t;

  gc();
  const t0 = performance.now();
  let bytes = readFileSync(csvPath);
  const t1 = performance.now();
  db.registerFileBuffer('orders.csv', bytes);
  const t2 = performance.now();
  const columns = parseCsv(bytes.subarray(0, bytes.indexOf(10)).toString('utf8')).columns;
  conn.query(
    `CREATE TABLE orders AS SELECT *,
       lower(trim(category)) AS category_norm,
       ${amountSql(spec.value)} AS amount_num,
       ${daySql('order_date')} AS order_day,
       ${columns.map((c) => `lower(${ident(c)}) AS ${lowerCopy(c)}`).join(',\n       ')}
     FROM read_csv('orders.csv', header = true, all_varchar = true)`,
  );
  const t3 = performance.now();
  // The table now lives in DuckDB's memory only.
  db.dropFile('orders.csv');
  bytes = Buffer.alloc(0);
  gc();
  const rows = Number(rowsOf('SELECT count(*) AS n FROM orders')[0].n);
  const tableBytes = Number(
    rowsOf("SELECT sum(memory_usage_bytes) AS b FROM duckdb_memory() WHERE tag = 'IN_MEMORY_TABLE'")[0].b,
  );

  const terms = searchTerms(spec.search);
  const where =
    `category_norm = ${sqlString(spec.category.trim().toLowerCase())} ` +
    `AND amount_num > ${Number(spec.amount_min)} ` +
    `AND order_day BETWEEN DATE ${sqlString(spec.date_from)} AND DATE ${sqlString(spec.date_to)}`;
  /** @param {(column: string) => string} cell the lower-cased text of a column, in SQL */
  const search = (cell) =>
    terms.length === 0
      ? 'TRUE'
      : `(${columns.flatMap((c) => terms.map((t) => `contains(${cell(c)}, ${sqlString(t)})`)).join(' OR ')})`;
  const variants = [
    { engine: 'duckdb', search: search(lowerCopy), how: 'search on the lower-cased copies' },
    {
      engine: 'duckdb, lower-case in query',
      search: search((c) => `lower(${ident(c)})`),
      how: 'search as contains(lower(column), term) on the raw text',
    },
  ];
  const timed = timer(runs);
  for (const v of variants) {
    const sql =
      `SELECT ${ident(spec.group_by)} AS key, count(*) AS n, sum(amount_num) AS sum, avg(amount_num) AS avg ` +
      `FROM orders WHERE ${where} AND ${v.search} GROUP BY ${ident(spec.group_by)}`;
    const q = timed(() => {
      const groups = rowsOf(sql);
      return {
        count: groups.reduce((n, g) => n + Number(g.n), 0),
        groups: groups.map((g) => ({ key: String(g.key), sum: g.sum, avg: g.avg })),
      };
    });
    emit({
      engine: v.engine,
      rows,
      load_ms: t1 - t0 + (t2 - t1) + (t3 - t2),
      load_parts: [
        ['read file', t1 - t0],
        ['registerFileBuffer', t2 - t1],
        ['CREATE TABLE AS read_csv + typed/lower-cased columns', t3 - t2],
      ],
      query_ms: q.times,
      table_bytes: tableBytes,
      peak_rss_bytes: peakRssBytes(),
      result: sorted(q.result),
      note:
        `DuckDB ${db.getVersion()}, threads ${threads}; ${v.how}; first run ${q.firstMs.toFixed(1)} ms; ` +
        `table bytes = duckdb_memory() IN_MEMORY_TABLE; WASM linear memory ${(db.mod.HEAP8.length / 1e6).toFixed(1)} MB`,
    });
  }
  conn.close();
}
