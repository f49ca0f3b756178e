// Embedding end to end (issue 10), in Debian's Chromium against the real server: an owner on the
// free plan is offered 'Upgrade Now'; once the payment provider's webhook says they paid, the
// Embed Content popup gives a script, which a page on another origin pastes: the frame shows the
// board's rows and grows to the board's height. With JavaScript turned off the server-rendered
// embed still shows the rows, the scorecard and the chart. A private board is embedded with a
// signed link made in the popup, whose locked filter the viewer cannot lift, and the board's list
// of allowed sites decides which sites may frame it.
//
//   TESSERA_URL=http://127.0.0.1:port E2E_SMTP_PORT=2525 E2E_WEBHOOK_SECRET=s node e2e/embed.e2e.mjs
//
// The server must have TESSERA_PAYMENT_WEBHOOK_SECRET=$E2E_WEBHOOK_SECRET; `cargo xtask ci` (step
// e2e) sets it. The host page is served by this script on another loopback port: another origin.
import http from 'node:http';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  call,
  createBoardFromCsv,
  createWorkspace,
  pay,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

requireServer('embed');
const WEBHOOK_SECRET = process.env.E2E_WEBHOOK_SECRET;
if (!WEBHOOK_SECRET) {
  console.error("embed: set E2E_WEBHOOK_SECRET, the server's TESSERA_PAYMENT_WEBHOOK_SECRET (cargo xtask ci does)");
  process.exit(2);
}

const OWNER = { name: 'Emma Embed', email: `emma-${RUN}@example.com` };
const ROWS = [
  ['Ada', 'North', 120],
  ['Bea', 'South', 80],
  ['Cy', 'North', 45],
  ['Dee', 'East', 200],
];
const CSV = ['Name,Region,Amount', ...ROWS.map((row) => row.join(','))].join('\n');
const NAMES = ROWS.map(([name]) => name);
const NORTH = ROWS.filter(([, region]) => region === 'North').map(([name]) => name);

/** The host site: whatever HTML `hostBody` holds now, at its own origin. */
let hostBody = '';
const host = http.createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html><head><title>Harbour shop</title></head><body><h1>Harbour shop</h1>${hostBody}<p id="after">Thanks for visiting.</p></body></html>`,
  );
});
await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
const HOST = `http://127.0.0.1:${host.address().port}`;

/** The names in the embedded table, as the frame shows them. */
async function namesIn(frame) {
  const cells = frame.locator('table tbody tr td:first-child');
  await cells.first().waitFor({ timeout: 15_000 });
  return (await cells.allTextContents()).map((text) => text.trim());
}

async function waitForNames(frame, expected) {
  const deadline = Date.now() + 15_000;
  let shown = [];
  while (Date.now() < deadline) {
    shown = await namesIn(frame).catch(() => []);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the table shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`);
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  const visitor = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  let board;
  let scriptCode = '';
  let signedLink;

  await step('an owner makes a public board of a table, a chart, a scorecard and markdown', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Embeds', `embeds-${RUN}`);
    const path = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: `Harbour ${RUN}` });
    board = await call(owner, 'POST', `/api/board/update-metadata?board=${path.slice(1)}`);
    const sheet = board.sheets[0];
    const region = { name: 'Region', active: false, condition: '=', sheet_column: { sheet, column: 'Region' }, value: '' };
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: true, filters: [region] });
    const blocks = [
      { type: 'table', title: 'Orders', axis: [{ column: 'Name' }, { column: 'Region' }, { column: 'Amount' }], rows_per_page: 10 },
      { type: 'chart', title: 'Amount by region', x_axis: 'Region', axis: [{ column: 'Amount', type: 'bar' }] },
      { type: 'scorecard', title: 'Total', axis: [{ source: { sheet, column: 'Amount' }, label: 'Amount', function: 'sum', symbol: '$' }] },
      { type: 'markdown', title: 'Notes', text: 'Orders are **checked daily**.' },
    ];
    for (const config of blocks) await call(owner, 'POST', `/api/boards/${board.id}/blocks`, { ...config, sheet_title: sheet });
  });

  await step("on the free plan Embed offers 'Upgrade Now', to the billing page", owner, async () => {
    await owner.goto(`${BASE}/${board.slug}`);
    await owner.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: 'Embed' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Embed Content' });
    const upgrade = dialog.getByRole('link', { name: 'Upgrade Now' });
    await visible(upgrade);
    if ((await upgrade.getAttribute('href')) !== '/dashboard/accountbilling') throw new Error(`Upgrade Now leads to ${await upgrade.getAttribute('href')}`);
  });

  await step('once paid, the popup gives the script that embeds the board', owner, async () => {
    await pay(owner, OWNER.email, WEBHOOK_SECRET);
    await owner.reload();
    await owner.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: 'Embed' }).click();
    const code = owner.getByRole('textbox', { name: /Or paste this script/ });
    await visible(code);
    scriptCode = await code.inputValue();
    if (!scriptCode.includes(`data-board="${board.slug}"`)) throw new Error(`unexpected script code: ${scriptCode}`);
  });

  await step('a page on another origin shows the board in a frame as tall as the board', visitor, async () => {
    hostBody = scriptCode;
    await visitor.goto(HOST);
    const frame = visitor.frameLocator('iframe');
    await waitForNames(frame, NAMES);
    // While the app takes over from the server's rendering, both hold the text for a moment.
    await visible(frame.getByText('checked daily').first());
    const iframe = visitor.locator('iframe');
    // The board grows as its blocks draw, and each growth reaches the host page as one more
    // resize message: the frame must settle at the board's height, not match it at any instant.
    for (const settleBy = Date.now() + 15_000; ; await visitor.waitForTimeout(100)) {
      const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
      const inner = await frame.locator('html').evaluate((element) => element.getBoundingClientRect().height);
      if (outer !== 600 && Math.abs(outer - Math.ceil(inner)) <= 1) break;
      if (Date.now() > settleBy) throw new Error(`the frame is ${outer} px tall for a board of ${inner} px`);
    }
    const scrolls = await frame.locator('html').evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    if (scrolls) throw new Error('the frame still scrolls inside');
    await visible(visitor.locator('#after'));
  });

  await step('with JavaScript turned off the embed still shows the rows, the scorecard and the chart', null, async () => {
    const context = await browser.newContext({ ...CONTEXT_OPTIONS, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${BASE}/embed?board=${board.slug}`);
      for (const name of NAMES) await visible(page.getByRole('cell', { name, exact: true }));
      await visible(page.getByText('$445', { exact: true }));
      await visible(page.locator('svg').filter({ hasText: 'Amount by region' }).first());
      await visible(page.locator('strong', { hasText: 'checked daily' }));
    } finally {
      await context.close();
    }
  });

  await step('a private board is embedded with a signed link whose locked filter only the owner sets', owner, async () => {
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: false });
    await owner.reload();
    await owner.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: 'Embed' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Embed Content' });
    const sites = dialog.getByRole('form', { name: 'Sites allowed to embed' });
    await sites.getByLabel('Allowed sites').fill(HOST);
    await sites.getByRole('button', { name: 'Save sites' }).click();
    await visible(sites.getByText('Allowed sites saved.'));
    const links = dialog.getByRole('form', { name: 'Signed links for private boards' });
    await links.getByLabel('Lock Region').fill('North');
    await links.getByLabel('Link expires after').selectOption({ label: '1 hour' });
    await links.getByRole('button', { name: 'Create link' }).click();
    const link = links.getByRole('textbox', { name: /Signed link, valid until/ });
    await visible(link);
    signedLink = new URL(await link.inputValue());
    if (signedLink.searchParams.get('board') !== board.slug || !signedLink.searchParams.get('token')) throw new Error(`unexpected signed link ${signedLink}`);
  });

  await step('on an allowed site the signed embed shows only the locked rows', visitor, async () => {
    const token = signedLink.searchParams.get('token');
    hostBody = scriptCode.replace(' async>', ` data-token="${token}" async>`);
    await visitor.goto(HOST);
    await waitForNames(visitor.frameLocator('iframe'), NORTH);
  });

  await step('without JavaScript the signed embed holds only the locked rows, and URL filters cannot widen them', null, async () => {
    const context = await browser.newContext({ ...CONTEXT_OPTIONS, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const signed = `${BASE}/embed?board=${board.slug}&token=${signedLink.searchParams.get('token')}`;
      await page.goto(signed);
      for (const name of NORTH) await visible(page.getByRole('cell', { name, exact: true }));
      const cells = await page.getByRole('cell').allTextContents();
      const leaked = NAMES.filter((name) => !NORTH.includes(name) && cells.includes(name));
      if (leaked.length) throw new Error(`rows outside the locked filter are in the page: ${leaked}`);
      await page.goto(`${signed}&filters=Region:South`);
      const widened = (await page.getByRole('cell').allTextContents()).filter((text) => NAMES.includes(text.trim()));
      if (widened.length) throw new Error(`a URL filter changed the locked rows: ${widened}`);
      const unsigned = await page.goto(`${BASE}/embed?board=${board.slug}`);
      if (unsigned.status() !== 403) throw new Error(`the private board's embed without a token answered ${unsigned.status()}`);
    } finally {
      await context.close();
    }
  });

  await step('a site not on the list cannot frame the board', visitor, async () => {
    const refused = new Promise((resolve) => {
      visitor.on('console', (message) => message.text().includes('frame-ancestors') && resolve(message.text()));
    });
    // localhost is another origin than 127.0.0.1, though the same server answers both.
    await visitor.goto(HOST.replace('127.0.0.1', 'localhost'));
    const text = await Promise.race([refused, new Promise((resolve) => setTimeout(() => resolve(null), 15_000))]);
    if (!text) throw new Error('Chromium did not report a frame-ancestors refusal');
    if ((await visitor.frameLocator('iframe').locator('table').count()) !== 0) throw new Error('the refused frame shows the board');
  });
});
