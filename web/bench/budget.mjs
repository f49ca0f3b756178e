// The board viewer's budget (issue 5), a benchmark: it prints figures measured in one run and
// never fails on them (the machine is shared and noisy).
//
//   cargo xtask bench-web     builds, starts the release server with its demo and runs this
//
// Needs TESSERA_URL and the demo owner (TESSERA_DEMO_EMAIL, TESSERA_DEMO_PASSWORD). It makes a
// public board of 10 blocks on the demo spreadsheet, opens it in headless Chromium three times
// (a fresh profile each time, so nothing is cached) and reports:
// - the JavaScript and WebAssembly the page fetched before its first contentful paint, gzipped
//   (target: under 170 KB; ECharts and block code must load lazily, after the first paint);
// - first and largest contentful paint, median of the runs (target: LCP under 1.0 s on loopback).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const BASE = (process.env.TESSERA_URL ?? '').replace(/\/$/, '');
const EMAIL = process.env.TESSERA_DEMO_EMAIL;
const PASSWORD = process.env.TESSERA_DEMO_PASSWORD;
const SLUG = 'budget-ten-blocks';
const RUNS = 3;
const TARGET_KB = 170;
const TARGET_LCP_MS = 1000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!BASE || !EMAIL || !PASSWORD) {
  console.error('budget: set TESSERA_URL, TESSERA_DEMO_EMAIL and TESSERA_DEMO_PASSWORD (cargo xtask bench-web does)');
  process.exit(2);
}

async function call(token, method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A public board of ten blocks of different types on the demo's sheet. */
async function makeBoard() {
  const { token } = await call(null, 'POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
  const demo = await call(token, 'POST', '/api/board/update-metadata?board=sales-overview');
  const sheet = demo.sheets[0];
  const boards = await call(token, 'GET', '/api/boards');
  const old = (boards.boards ?? boards).find?.((b) => b.slug === SLUG);
  if (old) await call(token, 'DELETE', `/api/boards/${old.id}`);
  const board = await call(token, 'POST', '/api/boards', { workspace_id: demo.workspace_id, name: 'Budget ten blocks', slug: SLUG });
  await call(token, 'PUT', `/api/boards/${board.id}`, { public: true, spreadsheetId: demo.spreadsheetId, title: 'Ten blocks' });
  const { columns } = await call(token, 'GET', `/api/board/${demo.spreadsheetId}/sheet/${encodeURIComponent(sheet)}?board=sales-overview`);
  const [label, measure = label] = columns;
  const types = ['table', 'chart', 'scorecard', 'list', 'markdown', 'table', 'chart', 'scorecard', 'datalist', 'calendar'];
  for (const [i, type] of types.entries()) {
    // Posted as the editor posts a picked block (a draft), with the settings a viewer needs.
    const block = { type, temp_block: true, title: `${type} ${i + 1}`, sheet_title: sheet };
    if (type === 'chart') Object.assign(block, { x_axis: label, axis: [{ column: measure, type: 'bar' }] });
    if (type === 'markdown') Object.assign(block, { text: '# Notes' });
    await call(token, 'POST', `/api/boards/${board.id}/blocks`, block);
  }
}

async function measureOnce(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${BASE}/${SLUG}`, { waitUntil: 'load' });
  // LCP settles once painting stops; give late blocks a moment.
  await page.waitForTimeout(1500);
  const measured = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          const resources = performance
            .getEntriesByType('resource')
            .map((r) => ({ url: r.name, start: r.startTime }))
            .concat([{ url: location.href, start: 0 }]);
          resolve({ fcp, lcp, resources });
        }, 100);
      }),
  );
  await context.close();
  return measured;
}

async function gzippedSize(url, cache) {
  if (!cache.has(url)) {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    cache.set(url, gzipSync(bytes).length);
  }
  return cache.get(url);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  await makeBoard();
  // Playwright gives the browser a fresh profile of its own, and each run a fresh context.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser));
  } finally {
    await browser.close();
  }
  const sizes = new Map();
  const first = runs[0];
  const critical = first.resources.filter((r) => r.start <= first.fcp && /\.(m?js|wasm)(\?|$)/.test(new URL(r.url).pathname));
  const late = first.resources.filter((r) => r.start > first.fcp && /\.(m?js|wasm)(\?|$)/.test(new URL(r.url).pathname));
  let criticalBytes = 0;
  console.log(`\nboard viewer budget: /${SLUG} (10 blocks), ${RUNS} cold loads in headless Chromium`);
  console.log('\nJS and WASM requested before the first contentful paint (gzipped):');
  for (const r of critical) {
    const size = await gzippedSize(r.url, sizes);
    criticalBytes += size;
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
  }
  let lateBytes = 0;
  for (const r of late) lateBytes += await gzippedSize(r.url, sizes);
  console.log(`  loaded after first paint: ${late.length} files, ${(lateBytes / 1024).toFixed(1)} KB gzipped`);
  const kb = criticalBytes / 1024;
  const fcp = median(runs.map((r) => r.fcp));
  const lcp = median(runs.map((r) => r.lcp || r.fcp));
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  console.log('\nmeasure                          value      target     verdict');
  console.log(`critical-path JS + WASM (gzip)  ${kb.toFixed(1).padStart(7)} KB  < ${TARGET_KB} KB   ${verdict(kb < TARGET_KB)}`);
  console.log(`first contentful paint (median) ${fcp.toFixed(0).padStart(7)} ms`);
  console.log(`largest contentful paint (med.) ${lcp.toFixed(0).padStart(7)} ms  < ${TARGET_LCP_MS} ms   ${verdict(lcp < TARGET_LCP_MS)}`);
}

main().catch((error) => {
  console.error(`budget: ${error.message}`);
  process.exit(1);
});
