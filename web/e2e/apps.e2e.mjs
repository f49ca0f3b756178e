// A multi-page app end to end (issue 9), in Debian's Chromium against the real server: an owner
// builds a three-page app (Home, About, Data) whose pages share a header with navigation and a
// user menu and a footer, over an uploaded sheet; it is visited through its own sub-domain
// ({sub}.localhost) by a guest while public and while private, then by an invited Read user and
// an invited Read-Write user, who sign in inside the app. Each sees exactly what the spec allows:
// the guest and the Read user read, only the Read-Write user edits a row, and the server refuses
// the Read user's write even when the browser is bypassed.
//
//   TESSERA_URL=http://127.0.0.1:port E2E_SMTP_PORT=2525 node e2e/apps.e2e.mjs
//
// Chromium resolves *.localhost to loopback and the server maps the `{sub}.localhost` host to the
// app. The session cookie is host-only, so a session started on TESSERA_URL's host does not reach
// the app's sub-domain: visitors sign in on the sub-domain itself.
import {
  BASE,
  CONTEXT_OPTIONS,
  PASSWORD,
  RUN,
  call,
  createBoardFromCsv,
  createWorkspace,
  hidden,
  mailTo,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

requireServer('apps');

const OWNER = { name: 'Ona Owner', email: `ona-${RUN}@example.com` };
const READER = { name: 'Reed Reader', email: `reed-${RUN}@example.com` };
const WRITER = { name: 'Wren Writer', email: `wren-${RUN}@example.com` };
const APP_NAME = 'Harbour app';
const SUB = `harbour-${RUN}`.toLowerCase();
const APP = (() => {
  const base = new URL(BASE);
  return `${base.protocol}//${SUB}.localhost${base.port ? `:${base.port}` : ''}`;
})();
/** The pages, as their header's navigation names them: [name, slug]. */
const PAGES = [
  ['Home', ''],
  ['About', 'about'],
  ['Data', 'data'],
];
const CSV = 'Name,Region,Amount\nAda,North,120\nBea,South,80\nCy,North,45\n';
const NAMES = ['Ada', 'Bea', 'Cy'];
const ABOUT_TEXT = 'We moor boats';
const COPYRIGHT = `© Harbour ${RUN}`;
const DENIED_TITLE = 'Access Denied';
const DENIED_TEXT = 'This application is private and you do not have permission to access it.';

/** A block's frame on an app page (a section labelled by its title). */
const appBlock = (page, title) => page.getByRole('region', { name: title, exact: true });
const headerNav = (page) => page.getByRole('navigation', { name: 'Main' });
const tableRows = (page) => appBlock(page, 'Orders').locator('tbody tr');

/** Every block of every page, in the order the page shows them. */
function blocksOf(slug, sheet) {
  const header = {
    type: 'header',
    title: 'Top bar',
    HeaderTitle: APP_NAME,
    LayoutType: 'Left',
    UserMenu: true,
    navigationItems: PAGES.map(([name, pageSlug]) => ({ name, linkType: 'page', pageSlug })),
  };
  const footer = {
    type: 'footer',
    title: 'Bottom',
    footerLayoutType: 'Classic Footer Bar',
    copyrightText: COPYRIGHT,
    simpleLinks: [{ text: 'Contact', url: 'https://example.com/contact' }],
  };
  const content = {
    '': [],
    about: [{ type: 'markdown', title: 'About us', text: `${ABOUT_TEXT} **since 1890**.` }],
    data: [
      {
        type: 'table',
        title: 'Orders',
        sheet_title: sheet,
        // Read-Write app users count as admins of the app's rows (server/src/audience.rs): they
        // may add, edit Amount and delete; guests and Read users may do none of it.
        axis: [{ column: 'Name' }, { column: 'Region' }, { column: 'Amount', editable: 'Admins' }],
        actions: [
          { type: 'Edit row', title: 'Edit' },
          { type: 'Delete row', title: 'Delete' },
        ],
        action_button_visibility: 'Admins',
        add_new_row: 'Admins',
      },
    ],
  }[slug];
  return [header, ...content, footer];
}

/**
 * A call made by the page itself, from its origin and with its cookies (the app's sub-domain,
 * which only the browser resolves): the status and the parsed body, whatever the status.
 */
function fetchInPage(page, method, path, data) {
  return page.evaluate(
    async ({ method, path, data }) => {
      const headers = { Accept: 'application/json', ...(data ? { 'Content-Type': 'application/json' } : {}) };
      const response = await fetch(path, { method, headers, credentials: 'same-origin', body: data ? JSON.stringify(data) : undefined });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, data },
  );
}

async function expectCount(locator, count, what) {
  const found = await locator.count();
  if (found !== count) throw new Error(`${what}: expected ${count}, found ${found}`);
}

/** The header lists the three pages in order, links each to its address, and marks `current`. */
async function expectNav(page, current) {
  const nav = headerNav(page);
  await visible(nav.getByRole('link', { name: current, exact: true }).and(nav.locator('[aria-current="page"]')));
  const shown = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => `${a.textContent.trim()} ${new URL(a.href).pathname}${a.getAttribute('aria-current') === 'page' ? ' (current)' : ''}`),
    );
  const expected = PAGES.map(([name, slug]) => `${name} /${slug}${name === current ? ' (current)' : ''}`);
  if (JSON.stringify(shown) !== JSON.stringify(expected))
    throw new Error(`the header's navigation is ${JSON.stringify(shown)}, expected ${JSON.stringify(expected)}`);
}

/** Follows a header link, client side, to the page at `/{slug}` of the app. */
async function goVia(page, name) {
  const [, slug] = PAGES.find(([label]) => label === name);
  await headerNav(page).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(`${APP}/${slug}`);
  await expectNav(page, name);
}

/** The first cell of each row of the Orders table, once the rows are there. */
async function tableNames(page) {
  await visible(tableRows(page).first());
  return (await tableRows(page).locator('td:first-child').allTextContents()).map((text) => text.trim());
}

async function expectRows(page, names) {
  const shown = await tableNames(page);
  if (JSON.stringify(shown) !== JSON.stringify(names)) throw new Error(`the table shows ${JSON.stringify(shown)}, expected ${JSON.stringify(names)}`);
}

const amountOf = (page, name) =>
  tableRows(page)
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .locator('td')
    .nth(2);

async function expectAmount(page, name, amount) {
  await visible(amountOf(page, name).getByText(amount, { exact: true }));
}

/** The table offers this viewer no way to change its rows. */
async function expectNoRowControls(page) {
  const orders = appBlock(page, 'Orders');
  await expectCount(orders.getByRole('group', { name: 'Row actions' }), 0, 'row action groups');
  await expectCount(orders.getByRole('button', { name: 'Edit', exact: true }), 0, 'Edit buttons');
  await expectCount(orders.getByRole('button', { name: 'Delete', exact: true }), 0, 'Delete buttons');
  await expectCount(orders.getByRole('button', { name: 'Add row', exact: true }), 0, 'Add row buttons');
  await expectCount(orders.getByRole('columnheader', { name: 'Actions' }), 0, 'Actions columns');
}

/** Guests and app users get the page content alone, never the app editor. */
async function expectNoEditorShell(page) {
  await expectCount(page.getByRole('navigation', { name: 'App editor' }), 0, 'app editor bars');
  await expectCount(page.getByRole('button', { name: 'App Settings' }), 0, "'App Settings' buttons");
}

/** platform §2: the 403 screen, and none of the app's content. */
async function expectAccessDenied(page) {
  const main = page.getByRole('main');
  await visible(main.getByRole('heading', { name: '403', exact: true }));
  await visible(main.getByText(DENIED_TITLE, { exact: true }));
  await visible(main.getByText(DENIED_TEXT, { exact: true }));
  await visible(main.getByRole('button', { name: 'Refresh Page', exact: true }));
  await expectCount(headerNav(page), 0, 'header navigations on the 403 screen');
  await expectCount(page.getByText(COPYRIGHT), 0, 'footers on the 403 screen');
}

/**
 * Signs `person` in inside the app, as the in-app sign-in works: a 'Sign in' button (the 403
 * screen's, or the header's user menu) opens 'Sign in to {app}' with E-mail, Password and
 * 'Log in'; once signed in the page loads again for them and the header's user menu names them.
 * A 403 screen knows only the address, so there the dialog names the sub-domain.
 */
async function signInInsideApp(page, person, appTitle) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Sign in to ${appTitle}`, exact: true });
  await visible(dialog);
  await dialog.getByLabel('E-mail', { exact: true }).fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await hidden(dialog);
  const header = appBlock(page, 'Top bar');
  await visible(header.getByText(person.name, { exact: true }));
  await visible(header.getByRole('button', { name: 'Sign out', exact: true }));
}

/** A page in a new browser context: no cookies, no session. */
const freshPage = async (browser) => (await browser.newContext(CONTEXT_OPTIONS)).newPage();
const open = (page, slug) => page.goto(`${APP}/${slug}`);

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await freshPage(browser);
  let appId = '';
  let sheet = '';
  let tableId = '';

  await step('an owner builds a three-page app with a header and a footer over an uploaded sheet', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Harbour', `harbour-ws-${RUN}`.toLowerCase());
    const boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: `Harbour orders ${RUN}` });
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    sheet = board.sheets[0];
    const { app } = await call(owner, 'POST', '/api/apps', { workspace_id: board.workspace_id, name: APP_NAME, subdomain: SUB });
    appId = app.id;
    await call(owner, 'PUT', `/api/apps/${appId}`, { spreadsheetId: board.spreadsheetId, public: true });
    for (const [name, slug] of PAGES.slice(1)) await call(owner, 'POST', `/api/apps/${appId}/pages`, { page_name: name, page_slug: slug });
    const { pages } = await call(owner, 'GET', `/api/pages/${appId}`);
    const listed = pages.map((page) => `${page.page_name} /${page.page_slug} ${page.page_type}`);
    if (JSON.stringify(listed) !== JSON.stringify(['Home / home', 'About /about page', 'Data /data page']))
      throw new Error(`the app's pages are ${JSON.stringify(listed)}`);
    for (const page of pages) {
      // A page's new block goes before its last one (platform §4): the footer first, then the
      // header, then the content, gives header, content, footer.
      const [header, ...rest] = blocksOf(page.page_slug, sheet);
      const footer = rest.pop();
      const blocksPath = `/api/apps/${appId}/pages/${page.id}/blocks`;
      for (const block of [footer, header, ...rest]) {
        const stored = await call(owner, 'POST', blocksPath, block);
        if (block.type === 'table') tableId = stored.id;
      }
    }
  });

  const guest = await freshPage(browser);
  await step('a guest visits the public app at its sub-domain, follows the header and cannot change rows', guest, async () => {
    await open(guest, '');
    await visible(appBlock(guest, 'Top bar').getByText(APP_NAME, { exact: true }));
    await expectNav(guest, 'Home');
    const footer = appBlock(guest, 'Bottom');
    await visible(footer.getByText(COPYRIGHT, { exact: true }));
    const contact = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact', exact: true });
    if ((await contact.getAttribute('href')) !== 'https://example.com/contact')
      throw new Error(`the footer's Contact link goes to ${await contact.getAttribute('href')}`);

    await goVia(guest, 'About');
    await visible(appBlock(guest, 'About us').getByText(ABOUT_TEXT));
    await visible(appBlock(guest, 'About us').locator('strong', { hasText: 'since 1890' }));
    // A block's name: its title line, or the label of a header or footer, which is drawn without one.
    const titles = await guest
      .locator('main section')
      .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label') ?? document.getElementById(s.getAttribute('aria-labelledby'))?.textContent));
    if (JSON.stringify(titles) !== JSON.stringify(['Top bar', 'About us', 'Bottom'])) throw new Error(`the About page's blocks are ${JSON.stringify(titles)}`);

    await goVia(guest, 'Data');
    await expectRows(guest, NAMES);
    await expectAmount(guest, 'Ada', '120');
    await expectNoRowControls(guest);
    await expectNoEditorShell(guest);
  });
  await guest.context().close();

  const stranger = await freshPage(browser);
  await step('made private, the app shows a guest the 403 screen and one access-denied toast', stranger, async () => {
    const { app } = await call(owner, 'PUT', `/api/apps/${appId}`, { public: false });
    if (app.public !== false) throw new Error(`the app answered public: ${app.public}`);
    await open(stranger, 'about');
    await expectAccessDenied(stranger);
    const toast = stranger.getByRole('alert').filter({ hasText: DENIED_TITLE });
    await visible(toast.getByText(DENIED_TITLE, { exact: true }));
    await visible(toast.getByText(DENIED_TEXT, { exact: true }));
    await stranger.waitForLoadState('networkidle');
    await expectCount(toast, 1, 'access-denied toasts');
    await expectCount(stranger.getByText(ABOUT_TEXT), 0, 'the About text on the 403 screen');
  });
  await stranger.context().close();

  await step('the owner invites a Read and a Read-Write user, who get the invitation and sign up', owner, async () => {
    for (const [person, permissions, access] of [
      [READER, 'read', 'Read'],
      [WRITER, 'read-write', 'Read-Write'],
    ]) {
      const { new_app_user: added } = await call(owner, 'POST', '/api/mutipageapp_users', { appId, name: person.name, email: person.email, permissions });
      if (added.email !== person.email || added.permissions !== permissions) throw new Error(`the app user was stored as ${JSON.stringify(added)}`);
      const [, linkedApp] = await mailTo(person.email, /https?:\/\/\S+\/accept-invitation\?app=([\w-]+)/);
      if (linkedApp !== appId) throw new Error(`the invitation to ${person.email} links to the app ${linkedApp}, not ${appId}`);
      await mailTo(person.email, new RegExp(`invited you to the app "${APP_NAME}" with ${access} access`));
    }
    const { app_users: users } = await call(owner, 'GET', `/api/mutipageapp_users/${appId}`);
    // Both were invited within the same second, so their order is not the point here.
    const listed = users.map((user) => `${user.email} ${user.permissions}`).sort();
    if (JSON.stringify(listed) !== JSON.stringify([`${READER.email} read`, `${WRITER.email} read-write`].sort()))
      throw new Error(`the app's users are ${JSON.stringify(listed)}`);
    for (const person of [READER, WRITER]) {
      const page = await freshPage(browser);
      await signUpAndVerify(page, person);
      await page.waitForURL(`${BASE}/dashboard/start`);
      await page.context().close();
    }
  });

  const reader = await freshPage(browser);
  await step('the Read user signs in inside the app, reads every page and cannot change a row', reader, async () => {
    await open(reader, '');
    await expectAccessDenied(reader);
    await signInInsideApp(reader, READER, SUB);
    await expectNav(reader, 'Home');
    await visible(appBlock(reader, 'Bottom').getByText(COPYRIGHT, { exact: true }));
    await goVia(reader, 'Data');
    await expectRows(reader, NAMES);
    await expectNoRowControls(reader);
    await expectNoEditorShell(reader);

    // Past the browser: the server reads the rows to a Read user and refuses their write.
    const read = await fetchInPage(reader, 'GET', `/v3/api/page/sheet/${encodeURIComponent(sheet)}?board=data&block=${tableId}`);
    if (read.status !== 200) throw new Error(`the Read user's sheet call answered ${read.status}: ${JSON.stringify(read.body)}`);
    const nothing = { append: false, edit_columns: [], delete: false, duplicate: false, actions: false };
    if (JSON.stringify(read.body.permissions) !== JSON.stringify(nothing))
      throw new Error(`a Read user is told they may ${JSON.stringify(read.body.permissions)}`);
    const ada = read.body.rows.find((row) => row.Name === 'Ada');
    const write = await fetchInPage(reader, 'PUT', `/api/blocks/${tableId}/rows/${encodeURIComponent(ada['ChartApps Record ID'])}`, {
      values: { Amount: '999' },
    });
    // Refused with what was refused, not the private-app text (only private content says 'Access denied').
    if (write.status !== 403 || !String(write.body?.error).startsWith('You have Read access'))
      throw new Error(`a Read user's row edit answered ${write.status}: ${JSON.stringify(write.body)}`);
    await reader.reload();
    await expectAmount(reader, 'Ada', '120');
  });
  await reader.context().close();

  const writer = await freshPage(browser);
  await step('the Read-Write user signs in inside the app, edits a row that stays edited, and signs out', writer, async () => {
    await open(writer, 'data');
    await expectAccessDenied(writer);
    await signInInsideApp(writer, WRITER, SUB);
    await expectNav(writer, 'Data');
    await expectRows(writer, NAMES);
    const orders = appBlock(writer, 'Orders');
    await visible(orders.getByRole('button', { name: 'Add row', exact: true }));
    await expectCount(orders.getByRole('button', { name: 'Edit', exact: true }), NAMES.length, 'Edit buttons');
    await expectCount(orders.getByRole('button', { name: 'Delete', exact: true }), NAMES.length, 'Delete buttons');
    await expectNoEditorShell(writer);

    await tableRows(writer)
      .filter({ has: writer.getByRole('cell', { name: 'Ada', exact: true }) })
      .getByRole('button', { name: 'Edit', exact: true })
      .click();
    const form = writer.getByRole('dialog', { name: 'Edit', exact: true });
    await visible(form);
    // Only Amount is editable for them; the other columns show, read-only.
    if (!(await form.getByLabel('Name', { exact: true }).isDisabled())) throw new Error('the edit form lets a Read-Write user change Name');
    await form.getByLabel('Amount', { exact: true }).fill('125');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await hidden(form);
    await visible(writer.getByRole('status').filter({ hasText: 'Row saved.' }));
    await expectAmount(writer, 'Ada', '125');
    await writer.reload();
    await expectAmount(writer, 'Ada', '125');
    await expectAmount(writer, 'Bea', '80');

    const header = appBlock(writer, 'Top bar');
    await visible(header.getByText(WRITER.name, { exact: true }));
    await header.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectAccessDenied(writer);
    await visible(writer.getByRole('button', { name: 'Sign in', exact: true }));
    // The session is over, not only hidden: a reload is refused as well.
    await writer.reload();
    await expectAccessDenied(writer);
  });
  await writer.context().close();
});
