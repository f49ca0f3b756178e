// The screenshots of the user guides and of the Tutorial Videos popup's walkthroughs (issue 12),
// taken from the real product in Debian's Chromium against the real server: an owner signs up,
// connects a spreadsheet, makes a board, adds a block, sets up sections and filters, a visitor
// filters the board, submits a form and edits a row, the owner publishes the board, opens Embed
// Content, makes an app and invites a user. Each screen is saved as `{name}.jpg`.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 [DOCS_SHOTS_OUT=folder] node e2e/shots.e2e.mjs
//
// Without DOCS_SHOTS_OUT the pictures go to a fresh temporary folder (CI); `cargo xtask
// docs-shots` points it at the served copy of web/public/docs-shots and then copies them back
// into the repository. Either way the run fails when an image a guide or a walkthrough shows is
// not among the pictures it took, or does not load in the browser. With E2E_WEBHOOK_SECRET the
// owner pays first, so Embed Content shows the embed code rather than 'Upgrade Now'.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  boardBlock,
  call,
  createBoardFromCsv,
  createWorkspace,
  hidden,
  mailTo,
  pay,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

requireServer('shots');

const OUT = process.env.DOCS_SHOTS_OUT || mkdtempSync(join(tmpdir(), 'tessera-docs-shots-'));
mkdirSync(OUT, { recursive: true });
const WEBHOOK_SECRET = process.env.E2E_WEBHOOK_SECRET;
// Small pictures that still read well in a guide column and the 760 px tutorial popup.
const PICTURE = { ...CONTEXT_OPTIONS, viewport: { width: 1200, height: 750 }, deviceScaleFactor: 1 };
const SHOTS_PATH = '/docs-shots/';

const OWNER = { name: 'Sam Shots', email: `sam-${RUN}@example.com` };
const INVITED = { name: 'Ivy Invited', email: `ivy-${RUN}@example.com` };
const BOARD = 'Harbour orders';
const ROWS = [
  ['Ada', 'North', 120, '2026-11-02'],
  ['Bea', 'South', 80, '2026-11-03'],
  ['Cy', 'North', 45, '2026-11-05'],
  ['Dee', 'East', 200, '2026-11-09'],
  ['Eve', 'South', 60, '2026-11-12'],
  ['Fay', 'West', 30, '2026-11-16'],
];
const CSV = ['Customer,Region,Amount,Date', ...ROWS.map((row) => row.join(','))].join('\n');

/** The names of the pictures this run took. */
const produced = new Set();

/** Saves what `target` (a page or one element) shows as `{name}.jpg`, once fonts and images are in. */
async function shoot(target, name) {
  const page = 'page' in target ? target.page() : target;
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  await target.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 70, animations: 'disabled' });
  produced.add(name);
}

/** Scrolls the dialog's part called `title` (a fieldset) to the top of its scroll box. */
async function scrollToSection(dialog, title) {
  await dialog.getByRole('group', { name: title, exact: true }).evaluate((part) => part.scrollIntoView({ block: 'start' }));
}

/** The picture names under /docs-shots/ of the `<img>`s `locator` matches, each checked to have loaded. */
async function loadedPictures(locator, where) {
  const images = await locator.evaluateAll((elements) =>
    elements.map((img) => ({ src: img.getAttribute('src') ?? '', loaded: img.complete && img.naturalWidth > 0, alt: img.getAttribute('alt') ?? '' })),
  );
  for (const image of images) {
    if (!image.loaded) throw new Error(`${where}: the image ${image.src} did not load`);
    if (!image.alt.trim()) throw new Error(`${where}: the image ${image.src} has no alt text`);
  }
  return images
    .map((image) => image.src)
    .filter((src) => src.startsWith(SHOTS_PATH))
    .map((src) => src.slice(SHOTS_PATH.length).replace(/\.jpg$/, ''));
}

/** Waits for every image on the page to finish loading (or failing). */
function imagesSettled(page) {
  return page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 15_000 });
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(PICTURE)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  const editorBar = () => owner.getByRole('navigation', { name: 'Board editor' });
  const referenced = new Map();
  let boardPath = '';
  let board;

  await step('sign-up: a new owner fills in the sign-up form', owner, async () => {
    await signUpAndVerify(owner, OWNER, '', () => shoot(owner, 'sign-up'));
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Harbour', `shots-${RUN}`);
  });

  await step('connect-spreadsheet, board-editor: the owner uploads a sheet and makes a blank board', owner, async () => {
    boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: BOARD, beforeCreate: () => shoot(owner, 'connect-spreadsheet') });
    await shoot(owner, 'board-editor');
    board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
  });

  await step('choose-block, block-settings, first-block: the owner adds a table block', owner, async () => {
    await editorBar()
      .getByRole('button', { name: /New Block/ })
      .click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await visible(picker);
    await shoot(owner, 'choose-block');
    await picker.getByRole('button', { name: /^Table/ }).click();
    await hidden(picker);
    const editor = owner.getByRole('form', { name: 'Table settings' });
    await editor.getByLabel('Sheet', { exact: true }).selectOption({ index: 1 });
    await editor.getByLabel('Title', { exact: true }).fill('Orders');
    const preview = owner.getByRole('complementary', { name: 'Block settings' }).getByRole('region', { name: 'Preview' });
    await visible(preview.getByText('Ada', { exact: true }));
    await editor.getByLabel('Sheet', { exact: true }).scrollIntoViewIfNeeded();
    await shoot(owner, 'block-settings');
    await editor.getByRole('button', { name: 'Save' }).click();
    await hidden(editor);
    await owner.reload();
    await visible(owner.getByRole('cell', { name: 'Ada', exact: true }));
    await shoot(owner, 'first-block');
  });

  await step('board-settings, board-settings-sections, board-settings-filters: the owner sets up sections and a filter', owner, async () => {
    await editorBar().getByRole('button', { name: 'Settings' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Board Settings' });
    await visible(dialog);
    await dialog.getByLabel('Title', { exact: true }).fill('Harbour orders');
    await dialog.getByLabel('Hero text', { exact: true }).fill('Every order of the harbour shop, by region.');
    await dialog.getByLabel('Public', { exact: true }).check();
    await dialog.getByLabel('Hide filters', { exact: true }).uncheck();
    await dialog.getByLabel('Hide search', { exact: true }).uncheck();
    await shoot(owner, 'board-settings');
    for (const name of ['Orders', 'Forms']) {
      await dialog.getByLabel('New section', { exact: true }).fill(name);
      await dialog.getByRole('button', { name: 'Add section' }).click();
    }
    await scrollToSection(dialog, 'Sections');
    await shoot(owner, 'board-settings-sections');
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    const filter = dialog.getByRole('group', { name: /^Filter 1/ });
    await filter.getByLabel('Name', { exact: true }).fill('Region');
    // A new filter is not always applied: viewers choose its value in the filter bar.
    if (await filter.getByRole('switch', { name: 'Always applied' }).isChecked()) throw new Error('a new filter starts always applied');
    // The column list arrives with the sheet's columns; until then the field is free text.
    const column = filter.getByLabel('Column', { exact: true });
    await column.locator('option', { hasText: 'Region' }).waitFor({ state: 'attached', timeout: 15_000 });
    await column.selectOption('Region');
    await scrollToSection(dialog, 'Filters');
    await shoot(owner, 'board-settings-filters');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
  });

  await step('the owner puts the blocks into sections and adds a chart, row actions and a form (as the editor saves them)', owner, async () => {
    board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    const sheet = board.sheets[0];
    const table = board.blocks.find((block) => block.title === 'Orders');
    const { id, ...settings } = table;
    await call(owner, 'PUT', `/api/blocks/${id}`, {
      ...settings,
      section: 'Orders',
      axis: [{ column: 'Customer' }, { column: 'Region' }, { column: 'Amount', editable: 'Everyone' }, { column: 'Date' }],
      actions: [
        { type: 'Edit row', title: 'Edit' },
        { type: 'Copy to clipboard', title: 'Copy', source_column: 'Customer' },
      ],
    });
    const more = [
      { type: 'chart', title: 'Amount by region', section: 'Orders', x_axis: 'Region', axis: [{ column: 'Amount', type: 'bar' }] },
      {
        type: 'form',
        title: 'New order',
        section: 'Forms',
        axis: [
          { column: 'Customer', label: 'Customer' },
          { column: 'Region', label: 'Region' },
          { column: 'Amount', label: 'Amount', type: 'number' },
        ],
      },
    ];
    for (const block of more) await call(owner, 'POST', `/api/boards/${board.id}/blocks`, { ...block, sheet_title: sheet });
  });

  await step('filter-bar, sections-tabs, form-block, row-actions, row-edit: a visitor uses the public board', owner, async () => {
    const visitor = await (await browser.newContext(PICTURE)).newPage();
    await visitor.goto(`${BASE}${boardPath}`);
    await visible(visitor.getByRole('cell', { name: 'Ada', exact: true }));
    await shoot(visitor, 'sections-tabs');
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
    await visitor.waitForURL(/filters=Region/);
    await hidden(visitor.getByRole('cell', { name: 'Bea', exact: true }));
    await shoot(visitor, 'filter-bar');
    await filters.getByRole('button', { name: 'Clear all' }).click();
    const orders = boardBlock(visitor, 'Orders');
    await visible(orders.getByRole('cell', { name: 'Bea', exact: true }));
    await shoot(orders, 'row-actions');
    await orders.locator('tbody tr').filter({ hasText: 'Ada' }).getByRole('button', { name: 'Edit' }).click();
    const edit = visitor.getByRole('dialog');
    await visible(edit.getByLabel('Amount'));
    await shoot(visitor, 'row-edit');
    await visitor.keyboard.press('Escape');
    await hidden(edit);
    await visitor.getByRole('tab', { name: 'Forms' }).click();
    const form = boardBlock(visitor, 'New order');
    await form.getByLabel('Customer').fill('Gus');
    await form.getByLabel('Region').fill('East');
    await form.getByLabel('Amount').fill('95');
    await shoot(form, 'form-block');
    await visitor.context().close();
  });

  await step('publish-board, published, marketplace: the owner publishes the board to the Marketplace', owner, async () => {
    await owner.goto(`${BASE}${boardPath}`);
    await owner.getByRole('button', { name: 'Publish to Marketplace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Publish Board' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Orders of a harbour shop by region, with a form for new ones.');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption('Sales');
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('orders, regions');
    await shoot(owner, 'publish-board');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(dialog.getByRole('status').getByText(/^Published on the Marketplace since/));
    await shoot(owner, 'published');
    await owner.keyboard.press('Escape');
    await owner.goto(`${BASE}/marketplace`);
    await visible(owner.getByRole('button', { name: `Use this template: ${BOARD}` }).first());
    await imagesSettled(owner);
    await shoot(owner, 'marketplace');
  });

  await step('embed-content: the owner opens Embed Content', owner, async () => {
    if (WEBHOOK_SECRET) await pay(owner, OWNER.email, WEBHOOK_SECRET);
    await owner.goto(`${BASE}${boardPath}`);
    await editorBar().getByRole('button', { name: 'Embed' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Embed Content' });
    const ready = WEBHOOK_SECRET ? dialog.getByRole('textbox', { name: /Or paste this script/ }) : dialog.getByRole('link', { name: 'Upgrade Now' });
    await visible(ready);
    await shoot(owner, 'embed-content');
  });

  await step('app-editor, add-user, users-dialog: the owner makes an app and invites a user', owner, async () => {
    const sub = `harbour-${RUN}`.toLowerCase();
    await owner.goto(`${BASE}/dashboard/new-multipage`);
    await owner.getByLabel('App name').fill('Harbour app');
    await owner.getByLabel('Sub-domain').fill(sub);
    await owner.getByRole('button', { name: 'Create app' }).click();
    await owner.waitForURL(new RegExp(`\\?app=${sub}`));
    const appBar = owner.getByRole('navigation', { name: 'App editor' });
    await visible(appBar);
    await shoot(owner, 'app-editor');
    await appBar.getByRole('button', { name: 'Users' }).click();
    const users = owner.getByRole('dialog', { name: 'Users' });
    await users.getByRole('button', { name: 'Add Users' }).click();
    const form = owner.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel('Name').fill(INVITED.name);
    await form.getByLabel('Email').fill(INVITED.email);
    await shoot(owner, 'add-user');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await hidden(form);
    await visible(users.getByRole('cell', { name: INVITED.email }));
    await mailTo(INVITED.email, /accept-invitation\?app=/);
    await shoot(owner, 'users-dialog');
  });

  await step('every image of every guide loads in the docs and has alt text', owner, async () => {
    const guides = await call(owner, 'GET', '/api/docs/guides');
    for (const guide of guides) {
      await owner.goto(`${BASE}/docs/guides/${guide.slug}`);
      await visible(owner.getByRole('heading', { name: guide.title, level: 1 }));
      await imagesSettled(owner);
      for (const name of await loadedPictures(owner.locator('main img'), `/docs/guides/${guide.slug}`)) referenced.set(name, `the guide ${guide.slug}`);
    }
  });

  await step('each tutorial tab plays its walkthrough, and every step’s picture loads', owner, async () => {
    await owner.goto(`${BASE}${boardPath}`);
    await owner.getByRole('button', { name: 'Tutorials' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Tutorial Videos' });
    for (const tab of ['Board Settings', 'Add Block', 'Publish to MarketPlace']) {
      await dialog.getByRole('tab', { name: tab }).click();
      const walkthrough = dialog.getByRole('region', { name: `${tab} walkthrough` });
      await visible(walkthrough);
      // Stepped by hand; a browser that asks for reduced motion starts it paused.
      const pause = walkthrough.getByRole('button', { name: 'Pause' });
      if (await pause.count()) await pause.click();
      const counter = walkthrough.getByText(/^Step \d+ of \d+$/);
      const total = Number((await counter.textContent()).match(/of (\d+)/)[1]);
      for (let n = 1; n <= total; n += 1) {
        await visible(walkthrough.getByText(`Step ${n} of ${total}`, { exact: true }));
        await imagesSettled(owner);
        for (const name of await loadedPictures(walkthrough.locator('img'), `the ${tab} walkthrough, step ${n}`))
          referenced.set(name, `the ${tab} walkthrough`);
        if (n < total) await walkthrough.getByRole('button', { name: 'Next step' }).click();
      }
    }
  });

  await step('every picture a guide or a walkthrough shows was taken by this run, and every picture taken is shown', owner, async () => {
    if (referenced.size === 0) throw new Error('no guide and no walkthrough shows a picture: is the search for them broken?');
    const missing = [...referenced].filter(([name]) => !produced.has(name)).map(([name, where]) => `${name}.jpg (shown by ${where})`);
    if (missing.length) throw new Error(`pictures shown but not taken by web/e2e/shots.e2e.mjs:\n  ${missing.join('\n  ')}`);
    const unused = [...produced].filter((name) => !referenced.has(name));
    if (unused.length) throw new Error(`pictures taken but shown by no guide and no walkthrough: ${unused.join(', ')}`);
    console.log(`# ${produced.size} pictures in ${OUT}`);
  });
});
