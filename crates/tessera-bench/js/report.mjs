// @ts-check
// What every Node engine of the benchmark shares: the timing loop (median of K runs after one
// warm-up), the peak RSS, a forced GC, and the `REPORT {json}` line in the runner's
// EngineReport shape (src/query.rs).

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {{ key: string, sum: number, avg: number }} Group
 * @typedef {{ count: number, groups: Group[] }} Result
 * @typedef {{ engine: string, rows: number, load_ms: number, load_parts: [string, number][],
 *             query_ms: number[], table_bytes: number | null, peak_rss_bytes: number,
 *             result: Result, note: string }} Report
 */

/** VmHWM of this process, in bytes. */
export function peakRssBytes() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const m = /VmHWM:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** A full GC when Node runs with --expose-gc (the runner passes it), else nothing. */
export function gc() {
  const g = /** @type {any} */ (globalThis).gc;
  if (typeof g === 'function') {
    g();
    g();
  }
}

/** @param {number[]} xs */
export function median(xs) {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/**
 * The result with its groups sorted by key, as the runner compares them.
 * @param {Result} r
 * @returns {Result}
 */
export function sorted(r) {
  const groups = [...r.groups].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { count: r.count, groups };
}

/**
 * A timer that runs `f` `runs` times after one warm-up and returns the warm-up's answer, the
 * timed runs and the warm-up's time.
 * @param {number} runs
 */
export function timer(runs) {
  /**
   * @template T
   * @param {() => T} f
   */
  return function timed(f) {
    const first = performance.now();
    const result = f();
    const firstMs = performance.now() - first;
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const t = performance.now();
      f();
      times.push(performance.now() - t);
    }
    return { result, times, firstMs };
  };
}

/** @param {Report} report */
export function emit(report) {
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
}
