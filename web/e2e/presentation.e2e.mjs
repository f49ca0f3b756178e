// Presentation blocks end to end (issue 8), in Debian's Chromium against the real server: an owner
// builds a public board of only presentation blocks (two galleries over a sheet of images, image
// grid, image accordion, banner hero, features layout, event, header, footer and iframe); a visitor sees each one
// drawn at desktop, tablet and phone widths with no horizontal overflow and no console errors, a
// screenshot of every block is kept, and the board's layout shift is measured and reported.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/presentation.e2e.mjs
//
// Images and the embedded page come from a stand-in on loopback that answers each image late, so
// a block that does not reserve its images' boxes would shift the page and fail the CLS budget.
import http from 'node:http';
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  boardBlock as block,
  call,
  SHOTS,
  createBoardFromCsv,
  createWorkspace,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

requireServer('presentation');

const OWNER = { name: 'Pia Presenter', email: `pia-${RUN}@example.com` };
/** The budget of issue 8: a board made only of presentation blocks. */
const CLS_BUDGET = 0.1;
const IMAGE_DELAY_MS = 400;
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
  { name: 'phone', viewport: { width: 310, height: 600 } },
];

/** An SVG picture of `width` x `height` with a label, so screenshots show which image is which. */
function picture(label, width, height, hue) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="hsl(${hue} 60% 55%)"/><text x="50%" y="50%" font-size="${Math.round(height / 6)}" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
}

const assets = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://stand-in');
  const image = url.pathname.match(/^\/img\/(\w+)-(\d+)x(\d+)\.svg$/);
  if (image) {
    const [, label, width, height] = image;
    setTimeout(() => {
      response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' });
      response.end(picture(label, Number(width), Number(height), (label.length * 47) % 360));
    }, IMAGE_DELAY_MS);
    return;
  }
  if (url.pathname === '/embed.html') {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><title>Opening hours</title><body style="font-family:sans-serif"><h1>Opening hours</h1><p id="origin"></p><script>document.getElementById("origin").textContent = "origin " + String(window.origin);</script></body>',
    );
    return;
  }
  response.writeHead(404).end();
});
await new Promise((resolve) => assets.listen(0, '127.0.0.1', resolve));
const ASSETS = `http://127.0.0.1:${assets.address().port}`;
const img = (label, width = 800, height = 600) => `${ASSETS}/img/${label}-${width}x${height}.svg`;

const PHOTOS = [
  ['Harbour', img('Harbour', 800, 600), 'Boats at dawn'],
  ['Ridge', img('Ridge', 600, 900), 'A long walk up'],
  ['Market', img('Market', 900, 600), 'Saturday stalls'],
  ['Lake', img('Lake', 700, 700), 'Still water'],
  ['Forest', img('Forest', 800, 500), 'Pines'],
  ['Bridge', img('Bridge', 600, 800), 'Old stone'],
];
const CSV = ['Title,Photo,About', ...PHOTOS.map((row) => row.join(','))].join('\n');

const feature = (title, iconType, icon) => ({ iconType, icon, title, description: `${title}: what it does for you, in a sentence or two.` });
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** The board's blocks, by title; galleries read the sheet. */
function blocksFor(sheet) {
  return [
    {
      type: 'bannerHero',
      title: 'Welcome',
      subtitle: 'Everything the town offers, in one place',
      background_image: img('Sky', 1600, 600),
      foreground_image: img('Town', 600, 400),
      imagePosition: 'right',
      FeatureLayout: 'list',
      features: [feature('Walks', 'text', '1'), feature('Food', 'text', '2')],
    },
    {
      type: 'imageGallery',
      title: 'Photos',
      sheet_title: sheet,
      image_column: 'Photo',
      caption_column: 'Title',
      description_column: 'About',
      layout: 'masonry',
      columns: '3',
      lightbox_enabled: true,
      show_icon: true,
      icon: 'star',
    },
    {
      type: 'imageGallery',
      title: 'Slideshow',
      sheet_title: sheet,
      image_column: 'Photo',
      caption_column: 'Title',
      layout: 'carousel',
      carousel_auto_scroll: true,
      carousel_interval: 3000,
    },
    {
      type: 'ImageGrid',
      title: 'Highlights',
      features: [
        feature('Harbour', 'image', img('Boat', 600, 400)),
        feature('Hills', 'fontawesome', 'fa-solid fa-mountain'),
        feature('Cafes', 'text', 'Café'),
        feature('Museum', 'image', img('Museum', 600, 400)),
      ],
      learn_more_text: 'Learn More',
      learn_more_link: 'https://example.com/highlights',
    },
    {
      type: 'imageAccordian',
      title: 'Seasons',
      features: [
        feature('Spring', 'image', img('Spring', 600, 800)),
        feature('Summer', 'image', img('Summer', 600, 800)),
        feature('Autumn', 'image', img('Autumn', 600, 800)),
        feature('Winter', 'image', img('Winter', 600, 800)),
      ],
    },
    {
      type: 'featureslayout',
      title: 'Why visit',
      FeatureLayout: 'grid',
      features: [
        feature('Safe', 'fontawesome', 'fa-shield-halved'),
        feature('Green', 'fontawesome', 'fas fa-leaf'),
        feature('Social', 'fontawesome', 'fab fa-instagram'),
      ],
    },
    {
      type: 'event',
      title: 'Town fair',
      event_title: 'Autumn town fair',
      description: 'Stalls, music and food.\nBring the family.',
      Event_Type: 'Single day',
      start_date: IN_A_MONTH,
      start_time: '10:00',
      end_time: '18:00',
      Countdown: true,
      Location: 'Physical',
      address: 'Market Square 1',
      layout_type: 'left-image',
      date_format: 'DD MMM YYYY',
      image: img('Fair', 800, 600),
      registration_button: true,
      registration_button_text: 'Get tickets',
      registration_link: 'https://example.com/tickets',
      contact_email: 'fair@example.com',
    },
    {
      type: 'header',
      title: 'Top bar',
      LayoutType: 'Left',
      HeaderTitle: 'Our town',
      Logo: img('Logo', 200, 200),
      UserMenu: true,
      navigationItems: [
        { name: 'Home', linkType: 'page', pageSlug: '' },
        { name: 'Visit', linkType: 'page', pageSlug: 'visit' },
        { name: 'Council', linkType: 'external', url: 'https://example.com/council', openInNewTab: true },
      ],
    },
    {
      type: 'footer',
      title: 'Bottom',
      footerLayoutType: 'Mega Footer',
      logoImage: img('Logo', 200, 200),
      copyrightText: '© Our town',
      footerSublinks: [{ text: 'Privacy', url: 'https://example.com/privacy' }],
      simpleLinks: [
        { text: 'About', url: 'https://example.com/about' },
        { text: 'Press', url: 'https://example.com/press' },
      ],
      contactItems: [
        { type: 'phone', value: '555 0100', countryCode: '+44', showIcon: true },
        { type: 'email', value: 'hello@example.com', showIcon: true },
      ],
      socialItems: [{ type: 'instagram', link: 'https://www.instagram.com/town', showIcon: true }],
    },
    {
      type: 'iframe',
      title: 'Opening hours',
      iframe_code: `<div class="wrap"><iframe src="${ASSETS}/embed.html" height="240" title="Opening hours" onload="alert(1)"></iframe></div><script>alert(2)</script>`,
    },
  ];
}
const TITLES = ['Welcome', 'Photos', 'Slideshow', 'Highlights', 'Seasons', 'Why visit', 'Town fair', 'Top bar', 'Bottom', 'Opening hours'];

/**
 * Errors the page logged or threw, collected from the moment it opens. A guest's session check
 * (GET /api/auth, which the header's user menu makes) answers 401 by design; Chromium logs each
 * such answer, so exactly that many 401 lines are expected.
 */
function watchErrors(page) {
  const logged = [];
  let guestChecks = 0;
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  page.on('pageerror', (error) => logged.push(String(error)));
  page.on('response', (response) => response.status() === 401 && new URL(response.url()).pathname === '/api/auth' && (guestChecks += 1));
  return () => {
    let allowed = guestChecks;
    return logged.filter((text) => !(allowed > 0 && /status of 401/.test(text) && allowed--));
  };
}

/** Scrolls to the end in screen-sized steps (lazy images load), then back to the top. */
async function scrollThrough(page) {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.8)) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await pause();
  });
}

/** Every image on the page has arrived (or failed, which the console check reports). */
async function imagesLoaded(page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), null, { timeout: 20_000 });
}

/** Each block is drawn as a visitor expects it. */
async function expectBlocksDrawn(page) {
  for (const title of TITLES) await visible(block(page, title));
  const photos = block(page, 'Photos');
  await page.waitForFunction((count) => {
    const frame = [...document.querySelectorAll('section.board-block')].find((s) => s.querySelector('h2')?.textContent === 'Photos');
    return frame?.querySelectorAll('img').length === count;
  }, PHOTOS.length);
  await visible(photos.getByText('Harbour').first());
  await visible(block(page, 'Slideshow').getByRole('button', { name: 'Next image' }));
  await visible(block(page, 'Highlights').getByText('Museum', { exact: true }));
  await block(page, 'Highlights').locator('svg.fa-icon').first().waitFor({ timeout: 15_000 });
  await block(page, 'Why visit').locator('svg.fa-icon').nth(2).waitFor({ timeout: 15_000 });
  await visible(block(page, 'Seasons').getByRole('button', { name: 'Winter' }));
  await visible(block(page, 'Welcome').getByText('Everything the town offers, in one place'));
  const fair = block(page, 'Town fair');
  await visible(fair.getByText('Autumn town fair'));
  await visible(fair.getByRole('timer', { name: 'Time until the event starts' }));
  await visible(fair.getByRole('link', { name: /Get tickets/ }));
  await visible(block(page, 'Top bar').getByText('Our town'));
  await block(page, 'Top bar').getByRole('link', { name: 'Sign in' }).waitFor({ state: 'attached' });
  await visible(block(page, 'Bottom').getByText('© Our town'));
  await block(page, 'Bottom')
    .getByRole('link', { name: /Instagram/ })
    .waitFor({ state: 'attached' });
  const frame = block(page, 'Opening hours').locator('iframe');
  // Frames load lazily: bring it into view first.
  await frame.scrollIntoViewIfNeeded();
  await visible(frame);
  const sandbox = await frame.getAttribute('sandbox');
  if (!sandbox?.includes('allow-scripts') || sandbox.includes('allow-same-origin')) throw new Error(`the iframe's sandbox is "${sandbox}"`);
  // The embedded page runs its script in an opaque origin, never the board's.
  await visible(page.frameLocator('section.board-block iframe').getByText('origin null'));
}

/** Neither the page nor any block is wider than the viewport. */
async function expectNoOverflow(page, width) {
  const overflow = await page.evaluate(() => {
    const page = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const blocks = [...document.querySelectorAll('section.board-block')]
      .filter((s) => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((s) => `${s.querySelector('h2')?.textContent} (${s.scrollWidth} > ${s.clientWidth})`);
    return { page, blocks };
  });
  if (overflow.page > 1 || overflow.blocks.length > 0) {
    throw new Error(`at ${width}px the page overflows by ${overflow.page}px; blocks wider than their frame: ${overflow.blocks.join(', ') || 'none'}`);
  }
}

/** Layout shifts summed over the page's life (stricter than CLS's worst five-second window). */
const OBSERVE_SHIFTS = () => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput)
        window.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map(
            (s) =>
              `${s.node?.querySelector?.('h2')?.textContent ?? s.node?.className ?? '?'} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
          ),
        });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  let boardPath = '';

  await step('an owner makes a public board of presentation blocks', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Presentation', `present-${RUN}`);
    boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: `Town ${RUN}` });
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    await call(owner, 'PUT', `/api/boards/${board.id}`, { public: true, hide_hero: true });
    for (const config of blocksFor(board.sheets[0])) await call(owner, 'POST', `/api/boards/${board.id}/blocks`, config);
  });

  await step('hostile iframe code is refused at the field when saved', owner, async () => {
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    const response = await owner.request.post(`${BASE}/api/boards/${board.id}/blocks`, {
      data: { type: 'iframe', iframe_code: '<iframe src="javascript:alert(1)"></iframe>' },
    });
    const body = await response.json();
    if (response.status() !== 422 || body.field !== 'iframe_code')
      throw new Error(`a javascript: iframe was answered ${response.status()} ${JSON.stringify(body)}`);
  });

  for (const { name, viewport } of WIDTHS) {
    await step(`at ${name} width (${viewport.width}px) every block is drawn, fits and logs no error`, null, async () => {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, viewport });
      const visitor = await context.newPage();
      const unexpectedErrors = watchErrors(visitor);
      try {
        await visitor.goto(`${BASE}${boardPath}`);
        await expectBlocksDrawn(visitor);
        await scrollThrough(visitor);
        await imagesLoaded(visitor);
        await expectNoOverflow(visitor, viewport.width);
        for (const title of TITLES) {
          const frame = block(visitor, title);
          await frame.scrollIntoViewIfNeeded();
          await frame.screenshot({ path: join(SHOTS, `presentation-${name}-${title.toLowerCase().replace(/\W+/g, '-')}.png`), animations: 'disabled' });
        }
        const errors = unexpectedErrors();
        if (errors.length > 0) throw new Error(`the console logged errors:\n${errors.join('\n')}`);
      } catch (error) {
        await visitor.screenshot({ path: join(SHOTS, `presentation-${name}-failed.png`), fullPage: true }).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    });
  }

  for (const { name, viewport } of [WIDTHS[0], WIDTHS[2]]) {
    await step(`the board's layout shift stays under ${CLS_BUDGET} at ${name} width`, null, async () => {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, viewport });
      await context.addInitScript(OBSERVE_SHIFTS);
      const visitor = await context.newPage();
      try {
        await visitor.goto(`${BASE}${boardPath}`);
        await expectBlocksDrawn(visitor);
        await scrollThrough(visitor);
        await imagesLoaded(visitor);
        await visitor.waitForTimeout(1000);
        const shifts = await visitor.evaluate(() => window.__shifts);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        console.log(`# layout shift, presentation board at ${viewport.width}px: ${total.toFixed(4)} (${shifts.length} shifts; budget ${CLS_BUDGET})`);
        if (total >= CLS_BUDGET) throw new Error(`layout shift ${total.toFixed(4)} >= ${CLS_BUDGET}: ${JSON.stringify(shifts)}`);
      } finally {
        await context.close();
      }
    });
  }
  assets.close();
});
