// The first fifteen minutes of a new owner (issue 25), measured: sign up with the e-mailed code,
// follow the guide (a workspace, a 200-row CSV with its preview and column types, a board that
// starts from a table of its rows), add a chart and a form that are drawn with data without
// touching their bindings, share the board publicly from the editor's top bar and open it as a
// guest. Every click and key from the verified sign-up to the guest's view is counted through
// `effortCounter`, and the run fails above the budget written in the README, or on any console
// error, page error or failed request on the way.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { BASE, CONTEXT_OPTIONS, RUN, SHOTS, effortCounter, hidden, requireServer, runJourneys, signUpAndVerify, visible, watchPage } from './support.mjs';

requireServer('first-board');

/** The budget of the whole task, from the verified sign-up to the guest's view (README). */
const BUDGET = { clicks: 20, keys: 60 };

const OWNER = { name: 'Fay First', email: `fay-${RUN}@example.com` };
const BOARD = 'Shop orders';
const COLUMNS = ['Order date', 'Customer', 'E-mail', 'Region', 'Product', 'Quantity', 'Revenue', 'Status'];

/** 200 orders that read like a real shop's export: dates, people, four regions, six products. */
function ordersCsv() {
  const regions = ['North', 'South', 'East', 'West'];
  const products = ['Desk', 'Chair', 'Lamp', 'Shelf', 'Rug', 'Sofa'];
  const statuses = ['Paid', 'Shipped', 'Returned'];
  const names = ['Ada', 'Bea', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit', 'Lu'];
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < 200; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    const name = `${names[i % names.length]} ${String.fromCharCode(65 + (i % 26))}.`;
    const quantity = ((i * 13) % 7) + 1 + (i % 4);
    const price = [120, 80, 35, 60, 90, 450][i % products.length];
    lines.push(
      [`2026-${month}-${day}`, name, `customer${i}@example.com`, regions[i % 4], products[i % 6], quantity, quantity * price, statuses[i % 3]].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A screenshot at 1280 px and one at 390 px, once `ready` shows at each width. */
async function shootBothWidths(page, name, ready) {
  const wide = page.viewportSize();
  await visible(ready);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await visible(ready);
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`) });
  await page.setViewportSize(wide);
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  const act = effortCounter();
  let watch = null;
  let started = 0;
  let boardPath = '';
  const sidebar = owner.getByRole('navigation', { name: 'Board editor' });

  /** Adds a block of `type` from the picker and saves it as the data made it. */
  const addBlock = async (name) => {
    await act.click(sidebar.getByRole('button', { name: /New Block/ }));
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await visible(picker);
    if (name === 'Chart') await shootBothWidths(owner, 'first-board-picker', picker.getByRole('button', { name: /^Chart\b/ }));
    await act.click(picker.getByRole('button', { name: new RegExp(`^${name}\\b`) }));
    await hidden(picker);
    const settings = owner.getByRole('complementary', { name: 'Block settings' });
    await visible(settings);
    // The settings say what the block was bound to; the preview draws it before any change.
    await visible(settings.getByText(/Started from your data/));
    await owner.screenshot({ path: join(SHOTS, `first-board-new-${name.toLowerCase()}.png`) });
    await act.click(settings.getByRole('button', { name: 'Save', exact: true }));
    await hidden(settings);
  };

  await step('a new owner signs up with the e-mailed code and lands on the guide', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    watch = watchPage(owner);
    started = Date.now();
    await shootBothWidths(owner, 'first-board-stepper', owner.getByRole('region', { name: 'Get started in four steps' }));
  });

  await step('the guide makes the workspace in place', owner, async () => {
    await act.type(owner.getByLabel('Workspace name'), 'Fay shop');
    await act.type(owner.getByLabel('Sub-domain'), `fay-${RUN}`);
    await act.click(owner.getByRole('button', { name: 'Create workspace' }));
    await visible(owner.getByRole('form', { name: 'Upload a file' }));
  });

  await step('a 200-row CSV is uploaded and previewed with the column types the core found', owner, async () => {
    const csv = join(profileDir, 'shop-orders.csv');
    writeFileSync(csv, ordersCsv());
    const upload = owner.getByRole('form', { name: 'Upload a file' });
    await act.chooseFile(upload.getByLabel('File', { exact: true }), csv);
    await act.click(upload.getByRole('button', { name: 'Upload', exact: true }));
    const preview = owner.getByRole('region', { name: 'Preview of shop-orders' });
    await visible(preview.getByText('First 5 of 200 rows of shop-orders', { exact: true }));
    // The rows come first; the types follow once the core has profiled them.
    await visible(preview.getByRole('columnheader', { name: /Revenue\s+Number/ }));
    const headers = (await preview.getByRole('columnheader').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    const expected = ['Order date Date', 'Customer Text', 'E-mail Text', 'Region Text', 'Product Text', 'Quantity Number', 'Revenue Number', 'Status Text'];
    if (headers.join(' | ') !== expected.join(' | ')) throw new Error(`the preview's columns read '${headers.join(' | ')}'`);
    await owner.screenshot({ path: join(SHOTS, 'first-board-preview.png'), fullPage: true });
  });

  await step('the board starts from a table of every column, already bound', owner, async () => {
    await visible(owner.getByRole('radio', { name: /Table of your rows/ }));
    if (!(await owner.getByRole('radio', { name: /Table of your rows/ }).isChecked())) throw new Error('the board does not start from a table of the rows');
    await act.type(owner.getByLabel('Board name', { exact: true }), BOARD);
    await act.click(owner.getByRole('button', { name: 'Create board' }));
    await owner.waitForURL(/\/shop-orders/);
    boardPath = new URL(owner.url()).pathname;
    await visible(sidebar);
    const table = owner
      .locator('section.board-block')
      .filter({ has: owner.getByRole('table') })
      .first();
    await visible(table.getByRole('cell', { name: 'customer0@example.com' }));
    const headers = await table.getByRole('columnheader').allInnerTexts();
    for (const column of COLUMNS) {
      if (!headers.some((text) => text.includes(column))) throw new Error(`the first table lacks the column ${column}: ${headers.join(', ')}`);
    }
  });

  await step('a chart is added and drawn from the data without touching its bindings', owner, async () => {
    await addBlock('Chart');
    const chart = owner
      .locator('section.board-block')
      .filter({ has: owner.locator('canvas, svg.chart') })
      .first();
    await visible(chart);
  });

  await step('a form is added with a field per column, a select of the regions among them', owner, async () => {
    await addBlock('Form');
    const form = owner.locator('section.board-block form').first();
    await visible(form.getByLabel('Customer'));
    const region = form.getByLabel('Region');
    await visible(region);
    const options = await region.locator('option').allInnerTexts();
    for (const value of ['North', 'South', 'East', 'West']) {
      if (!options.includes(value)) throw new Error(`the Region field offers ${options.join(', ')}, not ${value}`);
    }
    await owner.screenshot({ path: join(SHOTS, 'first-board-editor.png'), fullPage: true });
  });

  await step('the owner shares the board from the top bar: one switch makes it public', owner, async () => {
    const share = owner.getByRole('button', { name: /^Share/ });
    if (!(await share.innerText()).includes('Private')) throw new Error('the top bar does not say the new board is private');
    await act.click(share);
    const dialog = owner.getByRole('dialog', { name: 'Share' });
    await visible(dialog);
    await act.click(dialog.getByRole('switch', { name: 'Public' }));
    await visible(dialog.getByText('Public: anyone with the link can view it.'));
    await owner.screenshot({ path: join(SHOTS, 'first-board-share.png') });
    await act.press(dialog, 'Escape');
    await hidden(dialog);
    await visible(owner.getByRole('button', { name: /^Share\s*Public/ }));
    watch.assertClean('the owner’s way to a public board');
  });

  await step('a guest opens the board and sees the table, the chart and the form with data', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const guestWatch = watchPage(guest);
    await guest.goto(`${BASE}${boardPath}`);
    await visible(guest.getByRole('cell', { name: 'customer0@example.com' }));
    await visible(guest.locator('section.board-block canvas, section.board-block svg.chart').first());
    await visible(guest.locator('section.board-block form').getByLabel('Region'));
    const seconds = (Date.now() - started) / 1000;
    await guest.screenshot({ path: join(SHOTS, 'first-board-guest.png'), fullPage: true });
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.screenshot({ path: join(SHOTS, 'first-board-guest-390.png'), fullPage: true });
    guestWatch.assertClean("the guest's visit");
    await guest.context().close();
    const { clicks, keys } = act.counts;
    console.log(
      `# first-board: ${clicks} clicks and ${keys} keys from the verified sign-up to the guest's view (budget ${BUDGET.clicks} clicks, ${BUDGET.keys} keys), ${seconds.toFixed(1)} s`,
    );
    if (clicks > BUDGET.clicks || keys > BUDGET.keys) throw new Error(`over budget: ${clicks} clicks, ${keys} keys`);
  });
});
