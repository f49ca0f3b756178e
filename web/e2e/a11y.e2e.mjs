// Accessibility, measured (issue 26): axe-core checks the main screens of the product at 1280 and
// 390 px wide against WCAG 2.0/2.1 A and AA (colour contrast included) and the run fails on any
// serious or critical violation. A visitor's screens (home, sign up, log in, docs, a public board
// with its filter bar, a private board's 403, the 404s, the marketplace) and an owner's (the e-mail
// check, the guide, the dashboard, the board editor with each of its popups, a block's settings,
// the administration page, the app editor with its users, share, publish and settings dialogs)
// are visited as people reach them, on a board made from an uploaded CSV. Each screen must have
// its own tab title, and no screen may log a console error or get a 4xx/5xx answer to a request
// the product made by itself. Every screen is saved as a11y-<screen>-<width>.png, and a table of
// screens, widths and violations is printed before the verdict.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  WIDTHS,
  SHOTS,
  axeViolations,
  hidden,
  requireServer,
  runJourneys,
  settled,
  signUpAndVerify,
  uploadCsvOnStart,
  visible,
  watchPage,
} from './support.mjs';

requireServer('a11y');

/** What every tab said before a screen named itself (index.html): never a screen's own title. */
const PRODUCT_TITLE = 'Tessera';

const OWNER = { name: 'Abe Access', email: `abe-${RUN}@example.com` };
const BOARD = 'Library loans';
const APP = 'Library app';

/** 40 loans: dates, members, four branches, numbers, a status; enough for a table and a chart. */
function loansCsv() {
  const branches = ['Central', 'Harbour', 'Hill', 'Old town'];
  const statuses = ['Out', 'Returned', 'Late'];
  const lines = ['Loan date,Member,Branch,Books,Fee,Status'];
  for (let i = 0; i < 40; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push([`2026-0${(i % 9) + 1}-${day}`, `Member ${i + 1}`, branches[i % 4], (i % 5) + 1, ((i * 7) % 11) + 0.5, statuses[i % 3]].join(','));
  }
  return `${lines.join('\n')}\n`;
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  /** Addresses typed on purpose whose answer is an error screen: the 404 of an unknown address. */
  const typedErrors = new Set();
  const typed = (url) => typedErrors.has(url);
  const watches = new Map([
    [guest, watchPage(guest, typed)],
    [owner, watchPage(owner, typed)],
  ]);
  /** Problems each page's watcher had already reported when the last screen on it was audited. */
  const reported = new Map([
    [guest, 0],
    [owner, 0],
  ]);
  /** One row per screen and width: what axe found, the tab's title, and what the visit logged or failed. */
  const audits = [];
  const sidebar = owner.getByRole('navigation', { name: 'Board editor' });
  let boardPath = '';

  /**
   * Audits the screen `name` that `page` shows: at each width, once `ready` is visible and the page
   * has settled, axe's serious and critical violations, a screenshot, and the title. `title` is
   * the exact title expected, or null for a screen that names itself from what it shows; `screen`
   * groups popups with the page under them, which keeps that page's title. `widths` narrows the
   * widths for a screen reached differently on a phone.
   */
  const audit = async (page, name, ready, { title = null, screen = name, widths = WIDTHS } = {}) => {
    const problems = [];
    for (const size of widths) {
      await page.setViewportSize(size);
      await visible(ready);
      await settled(page);
      const violations = await axeViolations(page);
      await page.screenshot({ path: join(SHOTS, `a11y-${name}-${size.width}.png`), fullPage: true, animations: 'disabled' });
      const seen = watches.get(page).problems();
      problems.push(...seen.slice(reported.get(page)));
      reported.set(page, seen.length);
      audits.push({
        name,
        screen,
        width: size.width,
        violations,
        title: await page.title(),
        expectedTitle: title,
        problems: size === widths.at(-1) ? problems : [],
      });
    }
    await page.setViewportSize(CONTEXT_OPTIONS.viewport);
  };

  /** Opens an editor popup with `open`, audits it as `name`, and closes it with Escape. */
  const auditPopup = async (name, open, dialogName, screen = 'board-editor') => {
    await open();
    const dialog = owner.getByRole('dialog', { name: dialogName, exact: true });
    await audit(owner, name, dialog, { screen });
    await dialog.press('Escape');
    await hidden(dialog);
  };

  await step('a visitor: the home page, sign up, log in and the docs', guest, async () => {
    await guest.goto(`${BASE}/`);
    await audit(guest, 'home', guest.getByRole('link', { name: 'Sign up' }).first());
    await guest.goto(`${BASE}/dashboard/signup`);
    await audit(guest, 'sign-up', guest.getByRole('button', { name: 'Create account' }), { title: 'Sign up · Tessera' });
    await guest.goto(`${BASE}/dashboard/auth`);
    await audit(guest, 'log-in', guest.getByLabel('Password'), { title: 'Log in · Tessera' });
    await guest.goto(`${BASE}/docs`);
    await audit(guest, 'docs', guest.getByRole('heading', { level: 1 }).first(), { title: 'Docs · Tessera' });
  });

  await step('a visitor: the 404 of an unknown address and of an unknown board', guest, async () => {
    const unknown = `${BASE}/dashboard/no-such-screen-${RUN}`;
    typedErrors.add(unknown);
    await guest.goto(unknown);
    await audit(guest, '404', guest.getByText('404', { exact: true }), { title: 'Page not found · Tessera' });
    await guest.goto(`${BASE}/no-such-board-${RUN}`);
    await audit(guest, '404-board', guest.getByText('404', { exact: true }), { title: 'Page not found · Tessera', screen: '404' });
  });

  await step('a new owner: the guide, then a workspace and a board from an uploaded CSV', owner, async () => {
    await signUpAndVerify(owner, OWNER, '', undefined, () =>
      audit(owner, 'verify', owner.getByLabel('Verification code'), { title: 'Check your e-mail · Tessera' }),
    );
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await audit(owner, 'start', owner.getByLabel('Workspace name'), { title: 'Create a board · Tessera' });
    await owner.getByLabel('Workspace name').fill('Library');
    await owner.getByLabel('Sub-domain').fill(`abe-${RUN}`);
    await owner.getByRole('button', { name: 'Create workspace' }).click();
    await uploadCsvOnStart(owner, { profileDir, csvText: loansCsv(), fileName: 'library-loans' });
    // The templates open once the core has read the column types, the table of rows picked.
    await visible(owner.getByRole('region', { name: 'Preview of library-loans' }).getByRole('columnheader', { name: /Fee\s+Number/ }));
    const table = owner.getByRole('radio', { name: /Table of your rows/, checked: true });
    await audit(owner, 'start-preview', table, { title: 'Create a board · Tessera', screen: 'start' });
    await owner.getByLabel('Board name', { exact: true }).fill(BOARD);
    await owner.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL(/\/library-loans/);
    boardPath = new URL(owner.url()).pathname;
    await visible(owner.getByRole('cell', { name: 'Member 1', exact: true }));
    await audit(owner, 'board-editor', sidebar, { title: `${BOARD} · Tessera` });
  });

  await step('a visitor: the private board answers 403', guest, async () => {
    await guest.goto(`${BASE}${boardPath}`);
    await audit(guest, '403', guest.getByText('403', { exact: true }), { title: 'Access denied · Tessera' });
  });

  await step('the board editor: Share, Settings, Tutorials and Embed popups', owner, async () => {
    await auditPopup('share', () => owner.getByRole('button', { name: /^Share/ }).click(), 'Share');
    // Public from here on, for the visitor's board below.
    await owner.getByRole('button', { name: /^Share/ }).click();
    const share = owner.getByRole('dialog', { name: 'Share' });
    await share.getByRole('switch', { name: 'Public' }).click();
    await visible(share.getByText('Public: anyone with the link can view it.'));
    await share.press('Escape');
    await hidden(share);
    await auditPopup('settings', () => sidebar.getByRole('button', { name: 'Settings' }).click(), 'Board Settings');
    // A filter viewers may set, so the visitor's board below shows its filter bar.
    await sidebar.getByRole('button', { name: 'Settings' }).click();
    const settings = owner.getByRole('dialog', { name: 'Board Settings' });
    await settings.getByLabel('Hide filters', { exact: true }).uncheck();
    await settings.getByRole('button', { name: 'Add filter' }).click();
    const filter = settings.getByRole('group', { name: /^Filter 1/ });
    await filter.getByLabel('Name', { exact: true }).fill('Branch');
    // A new filter is not always applied: viewers choose its value in the filter bar.
    if (await filter.getByRole('switch', { name: 'Always applied' }).isChecked()) throw new Error('a new filter starts always applied');
    const column = filter.getByLabel('Column', { exact: true });
    await column.locator('option', { hasText: 'Branch' }).waitFor({ state: 'attached', timeout: 15_000 });
    await column.selectOption('Branch');
    await settings.getByRole('button', { name: 'Save' }).click();
    await hidden(settings);
    await auditPopup('tutorials', () => owner.getByRole('button', { name: 'Tutorials' }).click(), 'Tutorial Videos');
    await auditPopup('embed', () => sidebar.getByRole('button', { name: 'Embed' }).click(), 'Embed Content');
  });

  await step('the board editor: the block picker and a new chart’s settings', owner, async () => {
    await sidebar.getByRole('button', { name: /New Block/ }).click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await audit(owner, 'new-block', picker.getByRole('button', { name: /^Chart\b/ }), { screen: 'board-editor' });
    await picker.getByRole('button', { name: /^Chart\b/ }).click();
    await hidden(picker);
    const settings = owner.getByRole('complementary', { name: 'Block settings' });
    await visible(settings.getByText(/Started from your data/));
    await audit(owner, 'block-settings', settings.getByRole('button', { name: 'Save', exact: true }), { screen: 'board-editor' });
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await hidden(settings);
  });

  await step('the board editor: Publish to Marketplace', owner, async () => {
    await owner.getByRole('button', { name: 'Publish to Marketplace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Publish Board' });
    await audit(owner, 'publish', dialog.getByRole('textbox', { name: 'Description' }), { screen: 'board-editor' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Loans of a town library by branch.');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(dialog.getByRole('status').getByText(/^Published on the Marketplace since/));
    await dialog.press('Escape');
    await hidden(dialog);
  });

  await step('the dashboard with the workspace and its board', owner, async () => {
    await owner.goto(`${BASE}/dashboard`);
    await audit(owner, 'dashboard', owner.getByRole('heading', { name: 'Library' }), { title: 'Dashboard · Tessera' });
  });

  await step('the administration page', owner, async () => {
    // The editor's Admin link leads to the workspace's boards (issue 47); Administration has its own address.
    await owner.goto(`${BASE}/admin`);
    await audit(owner, 'admin', owner.getByRole('heading', { level: 1 }).first());
  });

  await step('the app editor and its users dialog', owner, async () => {
    const sub = `abe-app-${RUN}`.toLowerCase();
    await owner.goto(`${BASE}/dashboard/new-multipage`);
    await owner.getByLabel('App name').fill(APP);
    await owner.getByLabel('Sub-domain').fill(sub);
    await owner.getByRole('button', { name: 'Create app' }).click();
    await owner.waitForURL(new RegExp(`\\?app=${sub}`));
    const appBar = owner.getByRole('navigation', { name: 'App editor' });
    await audit(owner, 'app-editor', appBar);
    await appBar.getByRole('button', { name: 'Users' }).click();
    const users = owner.getByRole('dialog', { name: 'Users' });
    await audit(owner, 'users', users.getByRole('button', { name: 'Add Users' }), { screen: 'app-editor' });
    await users.press('Escape');
    await hidden(users);
    await auditPopup('app-share', () => owner.getByRole('button', { name: /^Share/ }).click(), 'Share', 'app-editor');
    await auditPopup('app-publish', () => appBar.getByRole('button', { name: 'Publish' }).click(), 'Publish App', 'app-editor');
    await auditPopup('app-settings', () => appBar.getByRole('button', { name: 'App Settings' }).click(), 'App Settings', 'app-editor');
  });

  await step('a visitor: the public board and the marketplace', guest, async () => {
    await guest.goto(`${BASE}${boardPath}`);
    await visible(guest.getByRole('cell', { name: 'Member 1', exact: true }));
    await visible(guest.getByRole('region', { name: 'Filters' }));
    await audit(guest, 'board-guest', guest.locator('section.board-block canvas, section.board-block svg').first(), { title: BOARD });
    const bar = guest.getByRole('region', { name: 'Filters' });
    const chip = bar.getByRole('button', { name: /^Branch/ });
    const filter = bar.getByRole('dialog');
    // On a phone the chips fold behind "Filters (n)" (issue 47): each width opens the chip its way.
    for (const size of WIDTHS) {
      await guest.setViewportSize(size);
      if (!(await chip.isVisible())) await bar.getByRole('button', { name: /^Filters \(/ }).click();
      await chip.click();
      await audit(guest, 'board-guest-filter', filter, { title: BOARD, screen: 'board-guest', widths: [size] });
      await chip.click();
      await hidden(filter);
    }
    await guest.goto(`${BASE}/marketplace`);
    await audit(guest, 'marketplace', guest.getByRole('button', { name: `Use this template: ${BOARD}` }).first(), { title: 'Marketplace · Tessera' });
  });

  await step('no screen has a serious or critical axe violation, a borrowed title, or a request that failed', null, async () => {
    const rows = [];
    const failures = [];
    const titles = new Map();
    for (const row of audits) {
      for (const v of row.violations) rows.push([row.name, row.width, `${v.id} (${v.impact})`, v.count, v.target]);
      if (row.violations.length === 0) rows.push([row.name, row.width, '-', 0, '']);
      for (const v of row.violations)
        failures.push(`${row.name} at ${row.width} px: ${v.id} (${v.impact}) on ${v.count} element(s), first ${v.target}: ${v.summary}`);
      if (!row.title.trim() || row.title === PRODUCT_TITLE) failures.push(`${row.name}: the tab's title is '${row.title}', not the screen's own`);
      else if (row.expectedTitle !== null && row.title !== row.expectedTitle)
        failures.push(`${row.name}: the tab's title is '${row.title}', not '${row.expectedTitle}'`);
      const other = titles.get(row.title);
      if (other && other !== row.screen) failures.push(`${row.name}: the tab's title '${row.title}' is also ${other}'s`);
      titles.set(row.title, row.screen);
      for (const problem of row.problems) failures.push(`${row.name}: ${problem}`);
    }
    const widths = [12, 6, 40, 6];
    const line = (cells) => `# ${cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join(' ')}`.trimEnd();
    console.log(line(['screen', 'width', 'violation (impact)', 'nodes', 'first target']));
    for (const row of rows) console.log(line(row));
    const screens = new Set(audits.map((row) => row.name)).size;
    const violations = audits.reduce((sum, row) => sum + row.violations.length, 0);
    const nodes = audits.reduce((sum, row) => sum + row.violations.reduce((n, v) => n + v.count, 0), 0);
    console.log(
      `# a11y: ${screens} screens at ${WIDTHS.map((w) => `${w.width}`).join(' and ')} px (${audits.length} axe runs), ${violations} serious or critical violations on ${nodes} elements`,
    );
    if (failures.length) throw new Error(`${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  });
});
