// Data blocks end to end (issue 7), in Debian's Chromium against the real server: an owner builds
// a public board over a real sheet (a table with row actions, a chart, a scorecard, a form and a
// markdown block); a visitor's filter and search change every block, the chart's numbers are the
// core's sums, a table edit and a form submission reach the sheet and survive a reload, and the
// API-call action reaches a local endpoint with the mapped body and the bearer token while a call
// to the cloud metadata address is refused.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 E2E_API_PORT=2626 node e2e/datablocks.e2e.mjs
//
// The server must let outbound calls reach 127.0.0.1:$E2E_API_PORT (TESSERA_OUTBOUND_ALLOW), where
// this script listens as the viewer's API endpoint. `cargo xtask ci` (step e2e) sets it all up.
import http from 'node:http';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  boardBlock as block,
  call,
  createBoardFromCsv,
  createWorkspace,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

const OWNER = { name: 'Dana Data', email: `dana-${RUN}@example.com` };
const API_PORT = Number(process.env.E2E_API_PORT);
const ROWS = [
  ['Ada', 'North', 120],
  ['Bea', 'South', 80],
  ['Cy', 'North', 45],
  ['Dee', 'East', 200],
  ['Eve', 'South', 60],
  ['Fay', 'West', 30],
  ['Gus', 'North', 75],
];
const CSV = ['Name,Region,Amount,Email', ...ROWS.map(([name, region, amount]) => `${name},${region},${amount},${name.toLowerCase()}@example.com`)].join('\n');
const sumOf = (rows) => rows.reduce((total, [, , amount]) => total + amount, 0);
const money = (n) => `$${n.toLocaleString('en-US')}`;

requireServer('datablocks');
if (!API_PORT) {
  console.error('datablocks: set E2E_API_PORT, the port of the API-call stand-in the server may reach (cargo xtask ci does)');
  process.exit(2);
}

/** What the API-call action sent: method, path, headers and body. */
const calls = [];
const endpoint = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    calls.push({ method: request.method, url: request.url, headers: request.headers, body });
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"received":true}');
  });
});
await new Promise((resolve) => endpoint.listen(API_PORT, '127.0.0.1', resolve));

const tableRows = (page) => block(page, 'Orders').locator('tbody tr');

async function expectNames(page, names) {
  await page.waitForFunction(
    (expected) => {
      const frame = [...document.querySelectorAll('section.board-block')].find((s) => s.querySelector('h2')?.textContent === 'Orders');
      const shown = [...(frame?.querySelectorAll('tbody tr') ?? [])].map((tr) => tr.querySelector('td')?.textContent?.trim());
      return JSON.stringify(shown) === JSON.stringify(expected);
    },
    names,
    { timeout: 15_000 },
  );
}

async function expectScore(page, text) {
  await visible(block(page, 'Total').getByText(text, { exact: true }));
}

/** The chart's series as the block's screen-reader table gives them: label to value text. */
async function chartSeries(page) {
  const table = block(page, 'Amount by region').locator('table');
  await table.waitFor({ state: 'attached', timeout: 15_000 });
  return table.evaluate((t) => Object.fromEntries([...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent.trim()))));
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  const visitor = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  visitor.on('dialog', (dialog) => void dialog.accept());
  let boardPath = '';
  let sheet = '';

  await step('an owner makes a public board of data blocks over an uploaded sheet', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Data blocks', `data-${RUN}`);
    boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: `Orders ${RUN}` });
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    sheet = board.sheets[0];
    const filter = { name: 'Region', active: false, condition: '=', sheet_column: { sheet, column: 'Region' }, value: '' };
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: true, hide_filters: false, hide_search: false, filters: [filter] });
    const blocks = [
      {
        type: 'table',
        title: 'Orders',
        axis: [{ column: 'Name' }, { column: 'Region' }, { column: 'Amount', editable: 'Everyone' }],
        rows_per_page: 5,
        actions: [
          { type: 'Edit row', title: 'Edit' },
          {
            type: 'API call',
            title: 'Notify',
            api_endpoint: `http://127.0.0.1:${API_PORT}/orders`,
            http_method: 'POST',
            body_type: 'JSON',
            authorization_method: 'Bearer Token',
            token: `secret-${RUN}`,
            field_mapping: { customer: 'Name', total: 'Amount' },
            success_message: 'Order sent',
          },
          {
            type: 'API call',
            title: 'Leak',
            api_endpoint: 'http://169.254.169.254/latest/meta-data/',
            http_method: 'POST',
            body_type: 'JSON',
            authorization_method: 'No Auth',
            field_mapping: { customer: 'Name' },
            error_message: 'Could not send',
          },
        ],
      },
      { type: 'chart', title: 'Amount by region', x_axis: 'Region', axis: [{ column: 'Amount', type: 'bar' }] },
      { type: 'scorecard', title: 'Total', axis: [{ source: { sheet, column: 'Amount' }, label: 'Amount', function: 'sum', symbol: '$' }] },
      {
        type: 'form',
        title: 'New order',
        axis: [
          { column: 'Name', label: 'Name' },
          { column: 'Region', label: 'Region' },
          { column: 'Amount', label: 'Amount', type: 'number' },
        ],
      },
      { type: 'markdown', title: 'Notes', text: 'Orders are **checked daily**.' },
    ];
    for (const config of blocks) await call(owner, 'POST', `/api/boards/${board.id}/blocks`, { ...config, sheet_title: sheet });
  });

  await step('a visitor sees every block drawn from the sheet, the chart with the core sums', visitor, async () => {
    await visitor.goto(`${BASE}${boardPath}`);
    await expectNames(visitor, ['Ada', 'Bea', 'Cy', 'Dee', 'Eve']);
    await visible(block(visitor, 'Orders').getByText('Page 1 of 2'));
    await expectScore(visitor, money(sumOf(ROWS)));
    await visible(block(visitor, 'Notes').locator('strong', { hasText: 'checked daily' }));
    await block(visitor, 'Amount by region').locator('canvas, svg').first().waitFor({ timeout: 15_000 });
    const series = await chartSeries(visitor);
    for (const region of ['North', 'South', 'East', 'West']) {
      const expected = sumOf(ROWS.filter(([, r]) => r === region));
      const shown = Number(String(series[region]).replace(/[^\d.-]/g, ''));
      if (shown !== expected) throw new Error(`the chart shows ${series[region]} for ${region}, the sheet sums to ${expected}`);
    }
  });

  await step('the filter bar narrows every block, and so does the search', visitor, async () => {
    const filters = visitor.getByRole('region', { name: 'Filters' });
    // The Region chip opens its input; the choice applies as it is made, Enter closes it.
    await filters.getByRole('button', { name: 'Region' }).click();
    await visitor
      .getByRole('dialog', { name: /^Filter Region/ })
      .getByRole('textbox')
      .fill('North');
    await visitor
      .getByRole('dialog', { name: /^Filter Region/ })
      .getByRole('textbox')
      .press('Enter');
    await visitor.waitForURL(/filters=Region%3ANorth|filters=Region:North/);
    await expectNames(visitor, ['Ada', 'Cy', 'Gus']);
    await expectScore(visitor, money(sumOf(ROWS.filter(([, r]) => r === 'North'))));
    await visitor.waitForFunction(() => {
      const frame = [...document.querySelectorAll('section.board-block')].find((s) => s.querySelector('h2')?.textContent === 'Amount by region');
      const labels = [...(frame?.querySelectorAll('table tbody tr') ?? [])].map((tr) => tr.firstElementChild?.textContent?.trim());
      return labels.length === 1 && labels[0] === 'North';
    });
    await filters.getByRole('button', { name: 'Clear all' }).click();
    await expectNames(visitor, ['Ada', 'Bea', 'Cy', 'Dee', 'Eve']);
    await visitor.getByRole('searchbox', { name: 'Search' }).fill('Bea');
    await expectNames(visitor, ['Bea']);
    await expectScore(visitor, money(80));
    await visitor.getByRole('searchbox', { name: 'Search' }).fill('');
    await expectNames(visitor, ['Ada', 'Bea', 'Cy', 'Dee', 'Eve']);
  });

  await step('a table edit is saved to the sheet and survives a reload', visitor, async () => {
    const ada = tableRows(visitor).filter({ hasText: 'Ada' });
    await ada.getByRole('button', { name: 'Edit' }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('125');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
    await visible(tableRows(visitor).filter({ hasText: 'Ada' }).getByText('125', { exact: true }));
    await visitor.reload();
    await visible(tableRows(visitor).filter({ hasText: 'Ada' }).getByText('125', { exact: true }));
    await expectScore(visitor, money(sumOf(ROWS) + 5));
  });

  await step('a form submission appends a row', visitor, async () => {
    const form = block(visitor, 'New order');
    await form.getByLabel('Name').fill('Hal');
    await form.getByLabel('Region').fill('East');
    await form.getByLabel('Amount').fill('10');
    await form.getByRole('button', { name: 'Submit' }).click();
    await visible(form.getByText('Data added to the spreadsheet'));
    await visitor.reload();
    await expectScore(visitor, money(sumOf(ROWS) + 5 + 10));
    await visible(block(visitor, 'Orders').getByText('Page 1 of 2'));
  });

  await step('the API-call action reaches the endpoint with the mapped body and the bearer token', visitor, async () => {
    await tableRows(visitor).filter({ hasText: 'Bea' }).getByRole('button', { name: 'Notify' }).click();
    await visible(visitor.getByText('Order sent'));
    const sent = calls.at(-1);
    if (!sent) throw new Error('the endpoint received nothing');
    if (sent.method !== 'POST' || sent.url !== '/orders') throw new Error(`the endpoint got ${sent.method} ${sent.url}`);
    if (sent.headers.authorization !== `Bearer secret-${RUN}`) throw new Error(`the endpoint got Authorization: ${sent.headers.authorization}`);
    const body = JSON.parse(sent.body);
    if (body.customer !== 'Bea' || String(body.total) !== '80') throw new Error(`the endpoint got the body ${sent.body}`);
    const page = await visitor.content();
    if (page.includes(`secret-${RUN}`)) throw new Error("the action's token reached the visitor's page");
  });

  await step('an API call to the cloud metadata address is refused', visitor, async () => {
    const before = calls.length;
    await tableRows(visitor).filter({ hasText: 'Bea' }).getByRole('button', { name: 'Leak' }).click();
    await visible(visitor.getByText('Could not send'));
    if (calls.length !== before) throw new Error('a refused call still reached an endpoint');
  });
});
endpoint.close();
