// The obvious questions of a sales sheet answered without reshaping it (issue 48): an owner
// uploads a year of daily sales (300 rows: Date, Region, Product, Units, Revenue, Customer
// e-mail, Status) and adds, by the API as the editor saves them, a line chart of Revenue over the
// daily dates, a bar chart counting orders by Region, and a scorecard row (orders counted,
// customers counted distinct, units summed with its symbol emptied). A guest of the public board
// reads each chart's values from the table it gives screen readers and each card's figure, then
// sends an empty order (refused, nothing stored), one without its required Region (refused at
// the field) and a filled one, which the board's Orders card counts at once.
// Fails when the dates are not one point per month in time order, when the counts are not the
// rows' counts, or when a card shows a symbol it should not. Screenshots: insights-board-{1280,390}.png.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  SHOTS,
  boardBlock,
  call,
  createWorkspace,
  requireServer,
  runJourneys,
  settled,
  signUpAndVerify,
  uploadCsvOnStart,
  visible,
  watchPage,
} from './support.mjs';

requireServer('insights');

const OWNER = { name: 'Ines Insight', email: `ines-${RUN}@example.com` };
const COLUMNS = ['Date', 'Region', 'Product', 'Units', 'Revenue', 'Customer e-mail', 'Status'];
const REGIONS = ['North', 'South', 'East', 'West', 'North'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 300 sales spread over 2025, written out of date order; North takes two regions' share. */
function sales() {
  const rows = [];
  for (let i = 0; i < 300; i += 1) {
    // Day 0..363 in a scrambled order, so the sheet's order is not time order.
    const day = (i * 97) % 364;
    const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const units = (i % 5) + 1;
    rows.push([date, REGIONS[i % 5], ['Desk', 'Chair', 'Lamp'][i % 3], units, (units * 20.5).toFixed(2), `buyer${i % 40}@example.com`, 'Paid']);
  }
  return rows;
}

const csv = (rows) => `${[COLUMNS, ...rows].map((row) => row.join(',')).join('\n')}\n`;

/** A chart's labels and first series' texts, from the table it gives screen readers. */
async function chartValues(page, title) {
  const block = boardBlock(page, title);
  await visible(block.locator('canvas, svg').first());
  return block
    .locator('.visually-hidden table tbody tr')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('th').textContent.trim(), row.querySelector('td')?.textContent.trim() ?? '']));
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  const rows = sales();
  let boardPath = '';

  await step('an owner uploads a year of daily sales and adds a monthly line, a count by region and a scorecard row', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Ines sales', `ines-${RUN}`.toLowerCase());
    await owner.goto(`${BASE}/dashboard/start`);
    await uploadCsvOnStart(owner, { profileDir, csvText: csv(rows), fileName: 'daily-sales' });
    await owner.getByRole('radio', { name: /Blank board/ }).check();
    await owner.getByLabel('Board name', { exact: true }).fill('Insights');
    await owner.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL(/\/insights/);
    boardPath = new URL(owner.url()).pathname;
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    const sheet = board.sheets[0];
    const add = (block) => call(owner, 'POST', `/api/boards/${board.id}/blocks`, { sheet_title: sheet, ...block });
    await add({
      type: 'scorecard',
      title: 'Totals',
      width: 'Full',
      axis: [
        { source: { sheet, column: 'Date' }, label: 'Orders', function: 'count' },
        { source: { sheet, column: 'Customer e-mail' }, label: 'Customers', function: 'count distinct' },
        { source: { sheet, column: 'Units' }, label: 'Units sold', function: 'sum', symbol: '' },
      ],
    });
    // Group dates by is left unset: Automatic.
    await add({ type: 'chart', title: 'Revenue by month', x_axis: 'Date', axis: [{ column: 'Revenue', type: 'line' }] });
    await add({
      type: 'chart',
      title: 'Orders by region',
      x_axis: 'Region',
      category_order: 'Value, high to low',
      axis: [{ column: 'Date', type: 'bar', duplicateXAxis: 'count' }],
    });
    await add({
      type: 'form',
      title: 'New order',
      axis: [
        { column: 'Region', label: 'Region', type: 'select', options: 'North, South, East, West', required: true },
        { column: 'Units', label: 'Units', type: 'number' },
      ],
    });
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: true });
  });

  await step('a guest reads one point per month in time order, orders counted by region, and cards without a stray symbol', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const watch = watchPage(guest);
    await guest.goto(`${BASE}${boardPath}`);
    await settled(guest);

    const monthly = await chartValues(guest, 'Revenue by month');
    const labels = monthly.map(([label]) => label);
    const expected = MONTHS.map((month) => `${month} 2025`);
    if (JSON.stringify(labels) !== JSON.stringify(expected))
      throw new Error(`the line chart's points are ${labels.join(', ')}, not one per month of 2025 in order`);
    const revenue = rows.reduce((sum, row) => sum + Number(row[4]), 0);
    const charted = monthly.reduce((sum, [, value]) => sum + Number(value.replace(/[^\d.-]/g, '')), 0);
    if (Math.abs(revenue - charted) > 1) throw new Error(`the months add up to ${charted}, not the sheet's revenue ${revenue}`);

    const byRegion = await chartValues(guest, 'Orders by region');
    const counts = Object.fromEntries(['North', 'South', 'East', 'West'].map((region) => [region, String(rows.filter((row) => row[1] === region).length)]));
    const expectedRegions = Object.entries(counts).sort((a, b) => Number(b[1]) - Number(a[1]));
    if (JSON.stringify(byRegion) !== JSON.stringify(expectedRegions))
      throw new Error(`orders by region read ${JSON.stringify(byRegion)}, not the rows counted, most first: ${JSON.stringify(expectedRegions)}`);

    const cards = boardBlock(guest, 'Totals');
    const customers = new Set(rows.map((row) => row[5])).size;
    const units = rows.reduce((sum, row) => sum + Number(row[3]), 0);
    for (const [label, figure] of [
      ['Orders', '300'],
      ['Customers', String(customers)],
      ['Units sold', units.toLocaleString('en-US')],
    ]) {
      const card = cards.locator('.scorecard-block-card').filter({ has: guest.locator('.scorecard-block-label', { hasText: label }) });
      await visible(card);
      const text = (await card.locator('.scorecard-block-value').textContent()).trim();
      if (text !== figure) throw new Error(`the card ${label} reads "${text}", not "${figure}"`);
    }
    await guest.waitForTimeout(1200); // ECharts animates its first draw on a timer
    await guest.screenshot({ path: join(SHOTS, 'insights-board-1280.png'), fullPage: true });
    await guest.setViewportSize({ width: 390, height: 844 });
    await settled(guest);
    await guest.waitForTimeout(1200);
    await guest.screenshot({ path: join(SHOTS, 'insights-board-390.png'), fullPage: true });
    console.log(
      `# insights: ${labels.length} monthly points (${labels[0]} … ${labels.at(-1)}); orders by region ${byRegion.map((r) => r.join(' ')).join(', ')}; cards 300 orders, ${customers} customers, ${units} units`,
    );
    watch.assertClean("the guest's visit");
    await guest.context().close();
  });

  await step('an empty order is refused and stores nothing; a filled one counts at once on the same board', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    // The refusals the form shows are the journey's point; the server's 400 for the empty answer
    // is never sent (the form checks first), so nothing else may fail.
    const watch = watchPage(guest);
    await guest.goto(`${BASE}${boardPath}`);
    await settled(guest);
    const form = boardBlock(guest, 'New order');
    const orders = boardBlock(guest, 'Totals')
      .locator('.scorecard-block-card')
      .filter({ has: guest.locator('.scorecard-block-label', { hasText: 'Orders' }) });
    await form.getByRole('button', { name: 'Submit' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'Fill in at least one field before sending.' }));
    await form.getByLabel('Units').fill('3');
    await form.getByRole('button', { name: 'Submit' }).click();
    const region = form.getByLabel(/Region/);
    const described = await region.evaluate((element) => element.getAttribute('aria-describedby') ?? '');
    const problem = described ? await guest.locator(`[id="${described.split(' ')[0]}"]`).textContent() : '';
    if (!/Region is required/.test(problem ?? '')) throw new Error(`a blank required Region reads "${problem}", not "Region is required."`);
    if ((await orders.locator('.scorecard-block-value').textContent()).trim() !== '300') throw new Error('a refused answer changed the count');
    await region.selectOption('North');
    await form.getByRole('button', { name: 'Submit' }).click();
    await visible(form.getByText('Data added to the spreadsheet'));
    // The submitter's own board refreshes without a reload (live updates for others are issue 49).
    await visible(orders.locator('.scorecard-block-value', { hasText: '301' }));
    console.log('# insights: the empty order refused, the order without a Region refused at its field, the filled one counted (300 -> 301) without a reload');
    watch.assertClean("the guest's orders");
    await guest.context().close();
  });
});
