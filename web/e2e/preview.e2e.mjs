// End-to-end check of the preview screen in Debian's Chromium (playwright-core).
//
//   npm run e2e                      builds nothing: serves web/dist with `vite preview` itself
//   TESSERA_URL=http://host:port npm run e2e   tests an app that is already running
//
// Every expected number below is worked out by hand from src/sample/sales.json; the page can only
// show them if the WASM core computed them. Prints `N passed, M failed` and exits 1 on failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const screenshotPath = process.env.TESSERA_SCREENSHOT ?? '/tmp/tessera/preview.png';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startPreviewServer() {
  if (!existsSync(join(webDir, 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (or set TESSERA_URL)');
  }
  const port = await freePort();
  const viteBin = join(webDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const child = spawn(process.execPath, [viteBin, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: webDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(url, child);
  } catch (error) {
    child.kill();
    throw new Error(`${error.message}\n${log}`, { cause: error });
  }
  return { url, stop: () => child.kill() };
}

const results = [];
async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok - ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(
      `not ok - ${name}\n  ${String(error?.stack ?? error)
        .split('\n')
        .join('\n  ')}`,
    );
  }
}

function expectEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function chartData(page) {
  // Rows of the "Chart data" table: [label, value text].
  return page.$$eval('[data-testid="chart-data"] tbody tr', (trs) =>
    trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']),
  );
}

async function rowCount(page, expected) {
  const el = page.getByTestId('row-count');
  await el.filter({ hasText: new RegExp(`^${expected}$`) }).waitFor({ timeout: 10_000 });
  return el.textContent();
}

async function main() {
  let server = null;
  let baseUrl = process.env.TESSERA_URL;
  if (!baseUrl) {
    server = await startPreviewServer();
    baseUrl = server.url;
  }
  baseUrl = baseUrl.replace(/\/$/, '');
  console.log(`# testing ${baseUrl}`);

  const profile = mkdtempSync(join(tmpdir(), 'tessera-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const responses = [];
  const pageErrors = [];
  // Expected failure: the unmatched route is answered 404 on purpose. Nothing else may fail: the
  // home page does not even ask who is signed in, since a visitor's browser kept no session.
  const notFoundUrl = `${baseUrl}/no/such/page`;
  const expectedFailure = (url) => url === notFoundUrl;
  page.on('response', (r) => {
    responses.push({ url: r.url(), status: r.status() });
    if (r.status() >= 400 && !expectedFailure(r.url())) pageErrors.push(`HTTP ${r.status()} for ${r.url()}`);
  });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    const url = m.location()?.url;
    if (m.type() === 'error' && !(url && expectedFailure(url))) pageErrors.push(m.text());
  });

  try {
    await check('the preview loads the sample sheet through the WASM core', async () => {
      await page.goto(`${baseUrl}/`);
      expectEqual(await rowCount(page, '60 rows'), '60 rows', 'row count');
      const wasm = responses.filter((r) => r.url.endsWith('.wasm'));
      if (wasm.length !== 1 || wasm[0].status !== 200) {
        throw new Error(`expected one .wasm download, got ${JSON.stringify(wasm)}`);
      }
      expectEqual(await page.getByTestId('page-info').textContent(), 'Page 1 of 6', 'pager');
      // The record ids the sheet keeps for itself are neither shown nor searched, as on a board.
      const headers = await page.locator('.data-table thead th').allTextContents();
      if (headers.some((header) => header.includes('Record ID'))) throw new Error(`the table shows the record ids: ${headers.join(', ')}`);
    });

    await check('the chart is drawn from a lazily loaded chunk with the sums the core computed', async () => {
      await page.locator('[data-testid="chart"] svg').first().waitFor({ timeout: 10_000 });
      const bars = await page.locator('[data-testid="chart"] svg path').count();
      if (bars < 4) throw new Error(`expected bars in the chart svg, found ${bars} paths`);
      // A built app names the chunk assets/ChartView-<hash>.js; the dev server serves the module.
      const chunk = responses.find((r) => /\/(assets\/ChartView-[^/]*\.js|ChartView\.tsx(\?.*)?)$/.test(r.url));
      if (!chunk) throw new Error('the chart code did not arrive as its own ChartView chunk');
      expectEqual(
        JSON.stringify(await chartData(page)),
        JSON.stringify([
          ['North', '22,256.75'],
          ['South', '20,120.25'],
          ['East', '18,585'],
          ['West', '18,426.75'],
        ]),
        'Amount by Region',
      );
      mkdirSync(dirname(screenshotPath), { recursive: true });
      await page.screenshot({ path: screenshotPath, fullPage: true });
    });

    await check('a search term narrows the rows', async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill('alice');
      expectEqual(await rowCount(page, '13 rows'), '13 rows', 'rows matching alice');
      await page.getByRole('searchbox', { name: 'Search' }).fill('alice, bob');
      expectEqual(await rowCount(page, '24 rows'), '24 rows', 'rows matching alice or bob');
      await page.getByRole('searchbox', { name: 'Search' }).fill('alice');
      await rowCount(page, '13 rows');
    });

    await check('an added filter combines with the search in the table and the chart', async () => {
      await page.getByLabel('Filter column').selectOption('Region');
      await page.getByLabel('Filter condition').selectOption('=');
      await page.getByLabel('Filter value').fill('North');
      await page.getByRole('button', { name: 'Add filter' }).click();
      expectEqual(await rowCount(page, '6 rows'), '6 rows', 'alice in North');
      expectEqual(await page.getByTestId('page-info').textContent(), 'Page 1 of 1', 'pager');
      expectEqual(JSON.stringify(await chartData(page)), JSON.stringify([['North', '7,590.5']]), 'chart for alice in North');
      await page.screenshot({ path: screenshotPath.replace(/\.png$/, '-filtered.png'), fullPage: true });
    });

    await check('sorting by Amount orders the rows as numbers', async () => {
      const amountHeader = page.getByRole('columnheader', { name: /Amount/ });
      await amountHeader.getByRole('button').click();
      await amountHeader.getByRole('button').click();
      await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
      const amounts = await page.$$eval('.data-table tbody tr', (trs) => trs.map((tr) => tr.children[4]?.textContent));
      expectEqual(JSON.stringify(amounts), JSON.stringify(['$2,433.50', '$1,950.25', '$1,304.50', '$991.75', '$495.25', '$415.25']), 'amounts, descending');
    });

    await check('turning the filter off brings its rows back', async () => {
      await page.getByLabel('Apply filter Region').uncheck();
      expectEqual(await rowCount(page, '13 rows'), '13 rows', 'alice with the filter off');
      await page.getByRole('button', { name: 'Remove filter Region' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill('');
      await rowCount(page, '60 rows');
    });

    await check('a bad date range shows the core error message', async () => {
      await page.getByLabel('Filter column').selectOption('Date');
      await page.getByLabel('Filter condition').selectOption('date');
      await page.getByLabel('From date').fill('2026-03-31');
      await page.getByLabel('To date').fill('2026-03-01');
      await page.getByRole('button', { name: 'Add filter' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 10_000 });
      expectEqual(await alert.textContent(), 'filter `Date`: the date range starts after it ends', 'alert');
      await page.getByRole('button', { name: 'Remove filter Date' }).click();
      await rowCount(page, '60 rows');
      expectEqual(await page.getByRole('alert').count(), 0, 'alerts after removing the filter');
    });

    await check('a date range over the mixed date formats keeps January', async () => {
      await page.getByLabel('Filter column').selectOption('Date');
      await page.getByLabel('Filter condition').selectOption('date');
      await page.getByLabel('From date').fill('2026-01-01');
      await page.getByLabel('To date').fill('2026-01-31');
      await page.getByRole('button', { name: 'Add filter' }).click();
      expectEqual(await rowCount(page, '10 rows'), '10 rows', 'January rows');
    });

    await check('an unmatched route shows the not-found page', async () => {
      const response = await page.goto(notFoundUrl);
      await page.getByText('This page could not be found').waitFor({ timeout: 10_000 });
      // Only Tessera's server knows the route table; `vite preview` answers every path 200.
      if (process.env.TESSERA_URL) expectEqual(response?.status(), 404, 'status of an unmatched route');
    });

    await check('the page logged no errors', async () => {
      if (pageErrors.length) throw new Error(pageErrors.join('\n'));
    });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server?.stop();
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  console.log(`0 passed, 1 failed`);
  process.exit(1);
});
