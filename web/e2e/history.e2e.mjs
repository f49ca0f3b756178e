// History on a board (issue 30), as a new owner meets it: a board of an uploaded CSV with a table
// whose rows can be deleted and a note beside it; three title changes taken back with Ctrl+Z
// (undo saves through the server, so a reload keeps the original title); a block deleted by
// mistake brought back from the History panel's versions (preview of the version before, then
// Restore this version); a row deleted by mistake brought back from the panel's Row activity
// with Restore row, the table showing it at once; the spreadsheet's grid page then lists the
// delete, undone since, and the restore. Screenshots of the versions with a preview open and of
// the row activity, at 1280 and 390 px. Every page is watched: a console error, a page error or
// a failed request fails the run.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  SHOTS,
  boardBlock,
  call,
  createWorkspace,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  uploadCsvOnStart,
  visible,
  watchPage,
} from './support.mjs';

requireServer('history');

const OWNER = { name: 'Hana History', email: `hana-${RUN}@example.com` };
const BOARD = 'Shop orders';
/** The table's title as the starter names it: the uploaded file's tab. */
const TABLE = 'shop-orders';
const NOTE = 'Notes';
const TITLES = ['Orders', 'Orders this week', 'Orders to ship'];
const CSV = ['Order,Customer,Amount', 'A-101,Ada,120', 'A-102,Bea,80', 'A-103,Cy,45', 'A-104,Dee,60'].join('\n') + '\n';
/** The row deleted by mistake. */
const GONE = 'A-103';

/**
 * The page at 1280 px and at 390 px (`name`.png, `name`-390.png); at 390 px `narrowToo`, when
 * given, is scrolled into view for a second picture (`name`-390-more.png): the History panel
 * puts the preview under the list on a phone.
 */
async function shootBothWidths(page, name, narrowToo) {
  const wide = page.viewportSize();
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  if (narrowToo) {
    await narrowToo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-390-more.png`), fullPage: true });
  }
  await page.setViewportSize(wide);
}

/** The first cells (Order) of the table's rows, as the owner sees them. */
async function orders(table) {
  await visible(table.getByRole('cell').first());
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.children[0]?.textContent?.trim() ?? ''));
}

/** Waits until the table shows `order` (or no longer shows it, when `shown` is false). */
async function expectRow(table, order, shown, when) {
  const deadline = Date.now() + 15_000;
  let seen = [];
  while (Date.now() < deadline) {
    seen = await orders(table);
    if (seen.includes(order) === shown) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${when}: the table ${shown ? 'lacks' : 'still shows'} ${order} (${seen.join(', ')})`);
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  const sidebar = owner.getByRole('navigation', { name: 'Board editor' });
  let watch = null;
  let boardPath = '';

  /** The board editor, loaded again from the server. */
  const reload = async () => {
    await owner.goto(`${BASE}${boardPath}`);
    await visible(sidebar);
  };

  /** Opens a block's settings, lets `change` work on its form, saves. */
  const editBlock = async (title, formName, change) => {
    await owner.getByRole('button', { name: `Edit block ${title}`, exact: true }).click();
    const form = owner.getByRole('form', { name: formName });
    await visible(form);
    await change(form);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await hidden(form);
  };

  const openHistory = async () => {
    await owner.getByRole('button', { name: 'History', exact: true }).click();
    const panel = owner.getByRole('dialog', { name: 'History' });
    await visible(panel);
    return panel;
  };

  await step('an owner makes a board of a CSV: a table whose rows can be deleted, and a note', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Hana shop', `hana-${RUN}`);
    watch = watchPage(owner);
    await owner.goto(`${BASE}/dashboard/start`);
    await uploadCsvOnStart(owner, { profileDir, csvText: CSV, fileName: TABLE });
    const starter = owner.getByRole('radio', { name: /Table of your rows/ });
    await visible(starter);
    if (!(await starter.isChecked())) await starter.check();
    await owner.getByLabel('Board name', { exact: true }).fill(BOARD);
    await owner.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL(/\/shop-orders/);
    boardPath = new URL(owner.url()).pathname;
    await visible(sidebar);
    const table = boardBlock(owner, TABLE);
    if ((await orders(table)).length !== 4) throw new Error('the new board does not show the four rows');

    // The table's row actions: a Delete row button on each row, for the board's admins.
    await editBlock(TABLE, 'Table settings', async (form) => {
      await form.getByRole('button', { name: 'Add to Row actions', exact: true }).click();
      const action = form.getByRole('group', { name: 'Row actions 1', exact: true });
      await visible(action);
      await action.getByLabel('Action', { exact: true }).selectOption('Delete row');
      await action.getByLabel('Title', { exact: true }).fill('Delete');
    });
    await visible(table.getByRole('group', { name: 'Row actions' }).first());

    await sidebar.getByRole('button', { name: /New Block/ }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await visible(picker);
    await picker.getByRole('button', { name: /^Markdown\b/ }).click();
    await hidden(picker);
    const form = owner.getByRole('form', { name: 'Markdown settings' });
    await visible(form);
    await form.getByLabel('Markdown', { exact: true }).fill('Ship **every order** within two days.');
    await form.getByLabel('Title', { exact: true }).first().fill(NOTE);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await hidden(form);
    await visible(boardBlock(owner, NOTE));
    watch.assertClean('making the board');
  });

  await step("three title changes, then Ctrl+Z three times brings the table's title back, and a reload keeps it", owner, async () => {
    let current = TABLE;
    for (const title of TITLES) {
      await editBlock(current, 'Table settings', (form) => form.getByLabel('Title', { exact: true }).first().fill(title));
      await visible(boardBlock(owner, title));
      current = title;
    }
    // Ctrl+Z in a text field is the field's own undo: the shortcut is pressed over the board.
    await owner.keyboard.press('Escape');
    await owner.getByRole('heading', { name: BOARD, level: 1 }).click();
    const back = [...TITLES].reverse().slice(1).concat(TABLE);
    for (const title of back) {
      await owner.keyboard.press('Control+z');
      await visible(boardBlock(owner, title));
      // The undo is saved (the buttons are enabled again) before the next one.
      await owner.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Undo' && !b.disabled));
    }
    const redoTitle = await owner.getByRole('button', { name: 'Redo', exact: true }).getAttribute('title');
    if (!redoTitle?.startsWith('Redo:')) throw new Error(`after three undos Redo says '${redoTitle}'`);
    await reload();
    await visible(boardBlock(owner, TABLE));
    for (const title of TITLES) if ((await boardBlock(owner, title).count()) > 0) throw new Error(`after the reload a block is titled '${title}'`);
    watch.assertClean('undoing the title changes');
  });

  await step('a note deleted by mistake comes back from History: preview the version before, Restore this version', owner, async () => {
    await owner.getByRole('button', { name: `Delete block ${NOTE}`, exact: true }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Delete block' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(boardBlock(owner, NOTE));

    const panel = await openHistory();
    const list = panel.getByRole('list', { name: 'Versions' });
    await visible(list);
    const versions = list.locator(':scope > li');
    const newest = versions.first();
    const newestText = await newest.innerText();
    if (!/Deleted/.test(newestText) || !newestText.includes(NOTE)) throw new Error(`the newest version does not say the note was deleted: ${newestText}`);
    if (!/Current/.test(newestText)) throw new Error(`the newest version is not marked Current: ${newestText}`);
    const number = Number(newestText.match(/#(\d+)/)?.[1]);
    const before = number - 1;
    await panel.getByRole('button', { name: `Preview version #${before}`, exact: true }).click();
    const preview = panel.getByRole('region', { name: 'Version preview' });
    await visible(preview.getByRole('heading', { name: `Version #${before}` }));
    await visible(preview.getByText('Ship every order within two days.'));
    await shootBothWidths(owner, 'history-versions', preview);

    await preview.getByRole('button', { name: 'Restore this version' }).click();
    // Restore asks first, in the app's own dialog, saying what it changes.
    const question = owner.getByRole('alertdialog', { name: `Restore version #${before}` });
    await visible(question);
    await question.getByRole('button', { name: 'Restore', exact: true }).click();
    // The toast says so; the versions list may already name the restore the same way.
    await visible(owner.getByRole('status').filter({ hasText: `Restored version #${before}` }));
    // The restore is itself the newest version.
    await visible(list.locator(':scope > li').first().getByText(`Restored from #${before}`));
    await owner.keyboard.press('Escape');
    await hidden(panel);
    await visible(boardBlock(owner, NOTE));
    await reload();
    await visible(boardBlock(owner, NOTE).getByText('Ship every order within two days.'));
    await visible(boardBlock(owner, TABLE));
    watch.assertClean('restoring the deleted note');
  });

  await step("a row deleted by mistake comes back from History's Row activity with Restore row", owner, async () => {
    const table = boardBlock(owner, TABLE);
    const row = table.getByRole('row').filter({ has: owner.getByRole('cell', { name: GONE, exact: true }) });
    await row.getByRole('group', { name: 'Row actions' }).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Delete row' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectRow(table, GONE, false, 'after the delete');

    const panel = await openHistory();
    await panel.getByRole('tab', { name: 'Row activity' }).click();
    const activity = panel.getByRole('list', { name: 'Row activity' });
    await visible(activity);
    const entry = activity.locator(':scope > li').filter({ hasText: 'Deleted' }).filter({ hasText: GONE }).first();
    await visible(entry);
    await visible(entry.getByText(OWNER.name));
    await shootBothWidths(owner, 'history-activity');
    await entry.getByRole('button', { name: 'Restore row', exact: true }).click();
    await visible(activity.locator(':scope > li').filter({ hasText: 'Restored' }).first());
    await owner.keyboard.press('Escape');
    await hidden(panel);
    await expectRow(table, GONE, true, 'after Restore row');
    await reload();
    await expectRow(boardBlock(owner, TABLE), GONE, true, 'after a reload');
    watch.assertClean('restoring the deleted row');
  });

  await step("the spreadsheet's grid page lists the delete, undone since, and the restore", owner, async () => {
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    await owner.goto(`${BASE}/dashboard/spreadsheets/${board.spreadsheetId}`);
    const history = owner.getByRole('region', { name: 'History' });
    await visible(history);
    const activity = history.getByRole('list', { name: 'Row activity' });
    await visible(activity);
    const entries = activity.locator(':scope > li').filter({ hasText: GONE });
    await visible(entries.filter({ hasText: 'Restored' }).first());
    await visible(entries.filter({ hasText: 'Deleted' }).getByText('Undone since.'));
    if ((await entries.filter({ hasText: 'Deleted' }).getByRole('button', { name: 'Restore row' }).count()) > 0)
      throw new Error('the delete restored since still offers Restore row');
    await history.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: join(SHOTS, 'history-grid-activity.png'), fullPage: true });
    watch.assertClean("the spreadsheet's history");
  });
});
