// What people publish looks designed (issue 47), measured: an owner uploads a 300-row, 7-column
// sales sheet, builds the "Sales overview" template board, adds a form, shares it publicly, and a
// guest looks at it at 1280x800 and at 390x844. The run prints one line of figures per width and
// fails when:
// - a table of up to 8 columns needs sideways scrolling at 1280 px;
// - the page scrolls sideways at 390 px;
// - a horizontal band of the board beside a block is more than a quarter empty for longer than a
//   gutter (48 px);
// - a button in a block is coloured neither with the board's accent nor a neutral grey;
// - a number or date cell shows its raw form (`1067.7`, `4500`, `2026-03-05`);
// - axe-core finds a serious or critical violation.
// Then the same sheet as a two-page app (a list of orders, an order's detail page) with no header
// built by hand: the guest finds the pages' navigation, compact list rows (56-72 px) that open
// the detail page, and Back on it, at both widths, with no sideways scroll and no axe fault.
// Screenshots: publish-quality-board-{1280,390}.png, publish-quality-app-{list,details}-{1280,390}.png.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  WIDTHS,
  SHOTS,
  axeViolations,
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

requireServer('publish-quality');

const OWNER = { name: 'Pia Publish', email: `pia-${RUN}@example.com` };
const BOARD = 'Sales desk';
const COLUMNS = ['Date', 'Region', 'Product', 'Units', 'Revenue', 'Customer e-mail', 'Status'];
/** The spec's default button colour, the accent of a board that picked none (platform §5). */
const DEFAULT_ACCENT = 'rgb(79, 70, 229)';
/** Taller than a gutter between blocks: an empty band of the board someone would notice. */
const NOTICEABLE_BAND_PX = 48;

/** 300 sales over two years: dates, four regions, six products, units, revenue with cents. */
function salesCsv() {
  const regions = ['North', 'South', 'East', 'West'];
  const products = ['Desk', 'Chair', 'Lamp', 'Shelf', 'Rug', 'Sofa'];
  const prices = [120.5, 80, 35.25, 60, 90.9, 450];
  const statuses = ['Paid', 'Shipped', 'Returned'];
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < 300; i += 1) {
    const date = new Date(Date.UTC(2025, 0, 1) + i * 2.4 * 86_400_000).toISOString().slice(0, 10);
    const units = ((i * 7) % 9) + 1;
    const revenue = Math.round(units * prices[i % 6] * 10) / 10;
    lines.push([date, regions[i % 4], products[i % 6], units, revenue, `buyer${i}@example.com`, statuses[i % 3]].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Everything the checks need, read from the guest's page as it is drawn now. */
function measure(page) {
  return page.evaluate(
    ({ defaultAccent, band }) => {
      const visibleBox = (element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? box : null;
      };
      const view = document.querySelector('.board-view');
      const blocks = [...document.querySelectorAll('section.board-block')].map(visibleBox).filter(Boolean);
      // What fills the board beside its blocks: the blocks, and the search and filter controls.
      const filled = [...document.querySelectorAll('section.board-block, [role="search"], section[aria-label="Filters"]')].map(visibleBox).filter(Boolean);
      const frame = view ? view.getBoundingClientRect() : document.body.getBoundingClientRect();
      const style = view ? getComputedStyle(view) : null;
      const left = frame.left + (style ? parseFloat(style.paddingLeft) : 0);
      const right = frame.right - (style ? parseFloat(style.paddingRight) : 0);
      const width = right - left;
      // Scan the board every 4 px from its first block to its last: at each height beside a block,
      // how much of the width nothing fills.
      let worst = 0;
      let longest = 0;
      let run = 0;
      const top = Math.min(...blocks.map((b) => b.top));
      const bottom = Math.max(...blocks.map((b) => b.bottom));
      for (let y = top; y < bottom; y += 4) {
        if (!blocks.some((b) => b.top <= y && y < b.bottom)) {
          run = 0;
          continue;
        }
        const spans = filled
          .filter((b) => b.top <= y && y < b.bottom)
          .map((b) => [Math.max(left, b.left), Math.min(right, b.right)])
          .filter(([a, z]) => z > a)
          .sort((a, b) => a[0] - b[0]);
        let covered = 0;
        let end = left;
        for (const [a, z] of spans) {
          if (z <= end) continue;
          covered += z - Math.max(a, end);
          end = z;
        }
        const empty = 1 - covered / width;
        worst = Math.max(worst, empty);
        run = empty > 0.25 ? run + 4 : 0;
        longest = Math.max(longest, run);
      }

      const tables = [...document.querySelectorAll('section.board-block table')].map((table) => {
        let scroller = table.parentElement;
        while (scroller && scroller !== document.body && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        const box = (scroller ?? table).getBoundingClientRect();
        const headers = [...table.querySelectorAll('thead th')];
        const shown = headers.filter((th) => {
          const b = th.getBoundingClientRect();
          return b.left >= box.left - 1 && b.right <= box.right + 1;
        }).length;
        return { columns: headers.length, shown, overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0 };
      });

      // The cells of a column by its header's name, in every table of the board.
      // A column's cells in tables, and in the cards a narrow table shows (each value marked with
      // its column, the screen reader's "Revenue: " label taken off).
      const cellsOf = (name) => [
        ...[...document.querySelectorAll('section.board-block table')].flatMap((table) => {
          const index = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent.trim().startsWith(name));
          return index < 0 ? [] : [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[index]?.textContent.trim() ?? '').filter(Boolean);
        }),
        ...[...document.querySelectorAll('section.board-block .table-block-card [data-column]')]
          .filter((element) => element.dataset.column === name)
          .map((element) => element.textContent.trim().replace(`${name}: `, ''))
          .filter(Boolean),
      ];

      const accent = (view && getComputedStyle(view).getPropertyValue('--accent').trim()) || defaultAccent;
      const probe = document.createElement('span');
      probe.style.color = accent;
      document.body.append(probe);
      const accentRgb = getComputedStyle(probe).color;
      probe.remove();
      const neutral = (rgb) => {
        const [r, g, b, a = 1] = rgb.match(/[\d.]+/g).map(Number);
        return a === 0 || Math.max(r, g, b) - Math.min(r, g, b) <= 16;
      };
      const buttons = [...document.querySelectorAll('section.board-block button, section.board-block input[type="submit"], section.board-block a.button')]
        .filter((element) => visibleBox(element))
        .map((element) => ({
          label: (element.textContent || element.value || element.getAttribute('aria-label') || '').trim().slice(0, 30),
          colour: getComputedStyle(element).backgroundColor,
        }));
      const offColour = buttons.filter((button) => button.colour !== accentRgb && !neutral(button.colour));

      return {
        blocks: blocks.length,
        worstEmpty: worst,
        longestEmptyBand: longest,
        band,
        tables,
        revenue: cellsOf('Revenue').slice(0, 20),
        units: cellsOf('Units').slice(0, 20),
        dates: cellsOf('Date').slice(0, 20),
        buttons: buttons.length,
        offColour,
        accent: accentRgb,
        sideways: document.documentElement.scrollWidth - window.innerWidth,
      };
    },
    { defaultAccent: DEFAULT_ACCENT, band: NOTICEABLE_BAND_PX },
  );
}

/** What each figure says is wrong at `width`, empty when the board passes. */
function faults(width, m, violations) {
  const found = [];
  if (width >= 1280) {
    for (const table of m.tables.filter((t) => t.columns <= 8 && t.overflow > 1))
      found.push(`a ${table.columns}-column table scrolls sideways by ${table.overflow} px, showing ${table.shown} columns whole`);
  }
  if (m.sideways > 0) found.push(`the page scrolls sideways by ${m.sideways} px`);
  if (m.longestEmptyBand > NOTICEABLE_BAND_PX)
    found.push(`a band ${m.longestEmptyBand} px tall is more than a quarter empty beside a block (worst ${(m.worstEmpty * 100).toFixed(0)}% empty)`);
  for (const button of m.offColour) found.push(`the button "${button.label}" is ${button.colour}, neither the accent ${m.accent} nor neutral`);
  // A raw number: a stored `.0` (`741.0`) or four digits without a separator (`4500`).
  const rawNumbers = [...m.revenue, ...m.units].filter((t) => /^-?\d+\.0$/.test(t) || /^-?\d{4,}(\.\d+)?$/.test(t));
  if (rawNumbers.length > 0) found.push(`${rawNumbers.length} number cells are not formatted, e.g. ${rawNumbers.slice(0, 3).join(' | ')}`);
  const rawDates = m.dates.filter((t) => /^\d{4}-\d{2}-\d{2}/.test(t));
  if (rawDates.length > 0) found.push(`${rawDates.length} date cells are not formatted, e.g. ${rawDates.slice(0, 3).join(' | ')}`);
  // At 390 px a fitted table is cards: Revenue, its last number column, is each card's figure.
  if (m.revenue.length === 0) found.push('no Revenue cell is shown');
  for (const v of violations) found.push(`axe ${v.impact} ${v.id} x${v.count}: ${v.target}`);
  return found;
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  let boardPath = '';
  let board = null;

  await step('an owner builds the Sales overview template board from a 300-row sheet and adds a form', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Pia sales', `pia-${RUN}`.toLowerCase());
    await owner.goto(`${BASE}/dashboard/start`);
    await uploadCsvOnStart(owner, { profileDir, csvText: salesCsv(), fileName: 'sales-desk' });
    await owner.getByRole('radio', { name: /Sales overview/ }).check();
    await owner.getByLabel('Board name', { exact: true }).fill(BOARD);
    await owner.getByRole('button', { name: 'Create board' }).click();
    await owner.waitForURL(/\/sales-desk/);
    boardPath = new URL(owner.url()).pathname;
    await visible(owner.getByRole('navigation', { name: 'Board editor' }));
    board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    const sheet = board.sheets[0];
    await call(owner, 'POST', `/api/boards/${board.id}/blocks`, {
      type: 'form',
      title: 'New order',
      sheet_title: sheet,
      axis: [{ column: 'Region', type: 'select', options: 'North, South, East, West' }, { column: 'Product' }, { column: 'Units', type: 'number' }],
    });
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: true });
  });

  await step('a guest sees a board that fits, one accent and formatted values at 1280 and 390 px', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const watch = watchPage(guest);
    const found = [];
    for (const size of WIDTHS) {
      await guest.setViewportSize(size);
      await guest.goto(`${BASE}${boardPath}`);
      await visible(guest.locator('section.board-block table tbody tr').first());
      await visible(guest.locator('section.board-block canvas, section.board-block svg').first());
      await settled(guest);
      // ECharts animates its first draw on a timer, not as a CSS or Web animation.
      await guest.waitForTimeout(1200);
      const m = await measure(guest);
      const violations = await axeViolations(guest);
      await guest.screenshot({ path: join(SHOTS, `publish-quality-board-${size.width}.png`), fullPage: true });
      const tables = m.tables.map((t) => `${t.shown}/${t.columns} columns whole, ${t.overflow} px sideways`).join('; ');
      console.log(
        `# publish-quality ${size.width}px: ${m.blocks} blocks; empty beside a block: worst ${(m.worstEmpty * 100).toFixed(0)}%, longest band over 25% ${m.longestEmptyBand} px; tables: ${tables}; page sideways ${m.sideways} px; buttons ${m.buttons}, off the accent ${m.offColour.length}; revenue cells e.g. ${m.revenue.slice(0, 3).join(' | ')}; dates e.g. ${m.dates.slice(0, 2).join(' | ')}; axe serious/critical ${violations.length}`,
      );
      found.push(...faults(size.width, m, violations).map((fault) => `${size.width} px: ${fault}`));
    }
    watch.assertClean("the guest's visit");
    await guest.context().close();
    if (found.length > 0) throw new Error(`the published board does not yet look designed:\n  ${found.join('\n  ')}`);
  });

  await step('the same sheet as an app: generated navigation, compact rows that open a detail page with Back', owner, async () => {
    const sub = `pia-app-${RUN}`.toLowerCase();
    const base = new URL(BASE);
    const appUrl = `${base.protocol}//${sub}.localhost${base.port ? `:${base.port}` : ''}`;
    const sheet = board.sheets[0];
    const { app } = await call(owner, 'POST', '/api/apps', { workspace_id: board.workspace_id, name: 'Sales app', subdomain: sub });
    await call(owner, 'PUT', `/api/apps/${app.id}`, { spreadsheetId: board.spreadsheetId, public: true });
    await call(owner, 'POST', `/api/apps/${app.id}/pages`, { page_name: 'Order', page_slug: 'order' });
    await call(owner, 'POST', `/api/apps/${app.id}/pages`, { page_name: 'About', page_slug: 'about' });
    const { pages } = await call(owner, 'GET', `/api/pages/${app.id}`);
    const blocks = {
      // As the editor makes a new list (its defaults filled in): compact rows, the default since issue 47.
      home: { type: 'list', title: 'Orders', sheet_title: sheet, list_style: 'Compact rows', item_buttons: [{ title: 'Open', open_detail_page: 'order' }] },
      order: { type: 'itemDetails', title: 'Order', sheet_title: sheet },
      about: { type: 'markdown', text: 'Orders of the sales desk, updated from the sheet.' },
    };
    for (const page of pages) {
      const block = blocks[page.page_type === 'home' ? 'home' : page.page_slug];
      if (block) await call(owner, 'POST', `/api/apps/${app.id}/pages/${page.id}/blocks`, block);
    }
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const watch = watchPage(guest);
    const found = [];
    for (const size of WIDTHS) {
      await guest.setViewportSize(size);
      await guest.goto(`${appUrl}/`);
      const rows = guest.locator('.list-row-main');
      await visible(rows.first());
      // The navigation lists Home and About; Order shows one record, so it opens from a row only.
      const nav = guest.getByRole('navigation', { name: 'Main' });
      const navigable =
        (await nav.count()) > 0 &&
        ((await nav.getByRole('link', { name: 'About' }).count()) > 0 || (await nav.getByRole('button', { name: /Menu/ }).count()) > 0);
      if (!navigable) found.push(`${size.width} px: the app shows no navigation of its pages`);
      if ((await nav.getByRole('link', { name: 'Order', exact: true }).count()) > 0) found.push(`${size.width} px: the record page Order is in the navigation`);
      const heights = await rows.evaluateAll((items) => items.slice(0, 10).map((item) => Math.round(item.getBoundingClientRect().height)));
      const off = heights.filter((h) => h < 56 || h > 72);
      if (off.length > 0) found.push(`${size.width} px: list rows are ${off.join(', ')} px high, not 56-72`);
      // The row's title is the sheet's first column, a date: written for people, never ISO.
      const titles = await guest.locator('.list-row-title').allTextContents();
      const raw = titles.filter((t) => /^\d{4}-\d{2}-\d{2}/.test(t.trim()));
      if (raw.length > 0) found.push(`${size.width} px: ${raw.length} list row titles are raw dates, e.g. ${raw[0]}`);
      const sideways = await guest.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 0) found.push(`${size.width} px: the list page scrolls sideways by ${sideways} px`);
      await settled(guest);
      const listViolations = await axeViolations(guest);
      await guest.screenshot({ path: join(SHOTS, `publish-quality-app-list-${size.width}.png`) });
      await rows.first().click();
      await guest.waitForURL(/\/order\?/);
      const back = guest.getByRole('link', { name: /Back/ });
      await visible(back);
      await settled(guest);
      const detailViolations = await axeViolations(guest);
      await guest.screenshot({ path: join(SHOTS, `publish-quality-app-details-${size.width}.png`) });
      await back.click();
      await visible(rows.first());
      if (new URL(guest.url()).pathname !== '/') found.push(`${size.width} px: Back led to ${guest.url()}`);
      for (const v of [...listViolations, ...detailViolations]) found.push(`${size.width} px: axe ${v.impact} ${v.id} x${v.count}: ${v.target}`);
      console.log(
        `# publish-quality app ${size.width}px: list rows ${heights.join('/')} px high, titles e.g. ${titles.slice(0, 2).join(' | ')}, navigation ${navigable ? 'shown' : 'missing'}, page sideways ${sideways} px, axe serious/critical ${listViolations.length + detailViolations.length}`,
      );
    }
    watch.assertClean("the guest's visit to the app");
    await guest.context().close();
    if (found.length > 0) throw new Error(`the app does not yet feel like an app:\n  ${found.join('\n  ')}`);
  });
});
