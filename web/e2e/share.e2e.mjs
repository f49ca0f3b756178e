// Sharing a board and what its viewers get (issue 26): an owner finishes a board with a filter
// viewers may use, shares it from the editor's top bar and copies the link; a guest opens the
// copied link and narrows the rows with the chip bar; a link with a filter name the board does
// not have still shows the rows, with one quiet notice; once the board is private again, a guest
// refused by the 403 screen logs in from it and lands back on the board. Every page is watched:
// a console error, a page error or a failed request fails the run.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  PASSWORD,
  RUN,
  SHOTS,
  createWorkspace,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  uploadCsvOnStart,
  visible,
  watchPage,
} from './support.mjs';

requireServer('share');

const OWNER = { name: 'Sam Share', email: `sam-${RUN}@example.com` };
const BOARD = 'Team orders';
const REGIONS = ['North', 'South', 'East', 'West'];

/** 40 orders over four regions, ten each, so a chosen region shows exactly its ten. */
function ordersCsv() {
  const lines = ['Order,Customer,Region,Amount'];
  for (let i = 0; i < 40; i += 1) lines.push(`A-${100 + i},Customer ${i},${REGIONS[i % 4]},${(i + 1) * 10}`);
  return `${lines.join('\n')}\n`;
}

/** The Region cells of the board's table, as the visitor sees them. */
async function regionCells(page) {
  const table = page
    .locator('section.board-block')
    .filter({ has: page.getByRole('table') })
    .first();
  await visible(table.getByRole('cell').first());
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const column = headers.findIndex((text) => text.startsWith('Region'));
  if (column < 0) throw new Error(`the table has no Region column: ${headers.join(', ')}`);
  return table.locator('tbody tr').evaluateAll((rows, index) => rows.map((row) => row.children[index]?.textContent?.trim() ?? ''), column);
}

async function shootBothWidths(page, name) {
  const wide = page.viewportSize();
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(wide);
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const ownerContext = await browser.newContext({ ...CONTEXT_OPTIONS, permissions: ['clipboard-read', 'clipboard-write'] });
  const owner = await ownerContext.newPage();
  const sidebar = owner.getByRole('navigation', { name: 'Board editor' });
  let ownerWatch = null;
  let boardPath = '';
  let copied = '';

  await step('an owner makes a board from a CSV that starts as a table of its rows', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Sam team', `sam-${RUN}`);
    ownerWatch = watchPage(owner);
    await owner.goto(`${BASE}/dashboard/start`);
    await uploadCsvOnStart(owner, { profileDir, csvText: ordersCsv(), fileName: 'team-orders' });
    const table = owner.getByRole('radio', { name: /Table of your rows/ });
    await visible(table);
    if (!(await table.isChecked())) await table.check();
    await owner.getByLabel('Board name', { exact: true }).fill(BOARD);
    await owner.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL(/\/team-orders/);
    boardPath = new URL(owner.url()).pathname;
    await visible(sidebar);
    if ((await regionCells(owner)).length === 0) throw new Error('the new board shows no rows');
  });

  await step('the owner adds a Region filter for viewers in Board Settings', owner, async () => {
    await owner.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Board Settings' });
    await visible(dialog);
    const filters = dialog.getByRole('group', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Add filter' }).click();
    const filter = dialog.getByRole('group', { name: /^Filter 1:/ });
    await filter.getByRole('textbox', { name: 'Name' }).fill('Region');
    // A new filter is not always applied: viewers choose its value in the filter bar.
    if (await filter.getByRole('switch', { name: 'Always applied' }).isChecked()) throw new Error('a new filter starts always applied');
    await filter.getByRole('combobox', { name: 'Column' }).selectOption('Region');
    await filter.getByRole('combobox', { name: 'Condition' }).selectOption('any_of');
    // The first filter shows to viewers: the spec's hidden default gave way, in plain sight.
    if (await dialog.getByRole('switch', { name: 'Hide filters' }).isChecked()) throw new Error("the board's first filter is still hidden from viewers");
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await hidden(dialog);
    await visible(owner.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Region' }));
  });

  await step('the owner shares the board from the top bar and copies its link', owner, async () => {
    const share = owner.getByRole('button', { name: /^Share/ });
    if (!(await share.innerText()).includes('Private')) throw new Error('the top bar does not say the new board is private');
    await share.click();
    const dialog = owner.getByRole('dialog', { name: 'Share' });
    await visible(dialog);
    await dialog.getByRole('switch', { name: 'Public' }).click();
    await visible(dialog.getByText('Public: anyone with the link can view it.'));
    await visible(dialog.getByRole('region', { name: 'Who has access' }).getByText(OWNER.email));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    copied = await owner.evaluate(() => navigator.clipboard.readText());
    if (copied !== `${BASE}${boardPath}`) throw new Error(`the copied link is '${copied}', not ${BASE}${boardPath}`);
    await shootBothWidths(owner, 'share-dialog');
    await owner.keyboard.press('Escape');
    await hidden(dialog);
    ownerWatch.assertClean('the owner’s way to a shared board');
  });

  await step('a guest opens the copied link and narrows the rows to North and East with the chip bar', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const guestWatch = watchPage(guest);
    await guest.goto(copied);
    const bar = guest.getByRole('region', { name: 'Filters' });
    await visible(bar);
    if (new Set(await regionCells(guest)).size < 2) throw new Error('the guest does not see every region before filtering');
    await bar.getByRole('button', { name: 'Region' }).click();
    const popover = guest.getByRole('dialog', { name: /^Filter Region/ });
    await visible(popover);
    for (const region of ['North', 'East']) {
      // The chip lists the column's values with their counts: pick them, nothing to type.
      await popover.getByRole('checkbox', { name: new RegExp(`^${region},`) }).check();
    }
    await popover.getByRole('button', { name: 'Done' }).click();
    await guest.waitForURL((url) => url.searchParams.get('filters') === 'Region:North||East');
    await guest.waitForFunction(() => document.querySelectorAll('section.board-block tbody tr').length > 0);
    await visible(bar.getByRole('button', { name: /Region: North/ }));
    // The rows follow the chips once the server has answered.
    const deadline = Date.now() + 15_000;
    let regions;
    do {
      regions = [...new Set(await regionCells(guest))].sort();
    } while (regions.join() !== 'East,North' && Date.now() < deadline && (await guest.waitForTimeout(200), true));
    if (regions.join() !== 'East,North') throw new Error(`after the chips the table shows ${regions.join(', ')}`);
    await shootBothWidths(guest, 'share-guest-filtered');
    guestWatch.assertClean("the guest's filtering");
    await guest.context().close();
  });

  await step('a link with a filter name the board does not have shows the rows and one notice', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const guestWatch = watchPage(guest);
    await guest.goto(`${copied}?filters=${encodeURIComponent('Books only:yes')}`);
    if (new Set(await regionCells(guest)).size < 4) throw new Error('the stale link narrowed the rows');
    await visible(guest.getByText(/filters was ignored/));
    const notices = await guest.getByText(/filters was ignored/).count();
    if (notices !== 1) throw new Error(`${notices} notices about the ignored filter, not one`);
    if ((await guest.getByText(/malformed filter|no filter named .* in the `filters` query/i).count()) > 0)
      throw new Error('a block shows developer text for the link');
    await guest.screenshot({ path: join(SHOTS, 'share-stale-link.png'), fullPage: true });
    guestWatch.assertClean('the stale link');
    await guest.context().close();
  });

  await step('a private board refuses a guest, who logs in from the 403 screen and lands back on it', owner, async () => {
    await owner.getByRole('button', { name: /^Share/ }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('switch', { name: 'Public' }).click();
    await visible(dialog.getByText(/^Private/));
    await owner.keyboard.press('Escape');
    await visible(owner.getByRole('button', { name: /^Share\s*Private/ }));

    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    // The refusal itself is the answer this visit expects.
    const guestWatch = watchPage(guest, (url, status) => status === 403 && url.includes('/api/board'));
    await guest.goto(copied);
    await visible(guest.getByText('This application is private and you do not have permission to access it.'));
    await shootBothWidths(guest, 'share-403');
    await guest.getByRole('link', { name: 'Log in' }).click();
    await guest.waitForURL(/\/dashboard\/auth/);
    await guest.getByLabel('E-mail').fill(OWNER.email);
    await guest.getByLabel('Password').fill(PASSWORD);
    await guest.getByRole('button', { name: /^Log in$/ }).click();
    await guest.waitForURL(`${BASE}${boardPath}`);
    if ((await regionCells(guest)).length === 0) throw new Error('back on the board after logging in, no rows show');
    guestWatch.assertClean('the refused guest logging in');
    await guest.context().close();
  });
});
