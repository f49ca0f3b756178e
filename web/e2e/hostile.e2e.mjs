// Hostile content end to end (issue 11, XSS), in Debian's Chromium against the real server: an
// owner fills a board with script payloads everywhere a person can type or upload text (sheet
// cells, markdown cells, a markdown block, iframe code, the board's title, hero and sections, block
// titles, a marketplace listing), then the owner's editor, a guest's board, the embed with and
// without JavaScript, the marketplace and the preview image are opened. Every payload must come out
// inert: no dialog opens, no element carries an event handler, a `javascript:` address or
// `srcdoc`, no script runs that the server did not send, and every page carries a
// Content-Security-Policy.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/hostile.e2e.mjs
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  boardBlock as block,
  call,
  createBoardFromCsv,
  createWorkspace,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

requireServer('hostile');

const OWNER = { name: 'Mallory Owner', email: `mallory-${RUN}@example.com` };

/** Every way of smuggling a script we try, each tagged with `where` so a dialog says which got through. */
const payloads = (where) => [
  `<script>alert('${where} script')</script>`,
  `<img src=x onerror="alert('${where} onerror')">`,
  `"><svg onload="alert('${where} svg')"><script>alert('${where} svg script')</script></svg>`,
  `<a href="javascript:alert('${where} link')">click</a>`,
  `[click](javascript:alert('${where} markdown link'))`,
  `<iframe srcdoc="<script>parent.alert('${where} srcdoc')</script>"></iframe>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="alert('${where} mxss')">`,
];
const one = (where) => payloads(where).join(' ');
/** The board's first section, which the viewer opens on: every block is placed in it. */
const SECTION = `Main ${payloads('section')[1]}`;

/** A CSV field, quoted as RFC 4180 says. */
const field = (text) => `"${text.replaceAll('"', '""')}"`;
const CSV = [
  'Name,Notes,Link',
  ...payloads('cell').map((payload, index) => [field(`Row ${index} ${payload}`), field(`**bold** ${payload}`), field(payload)].join(',')),
].join('\n');

/**
 * What the DOM must never hold: elements with event-handler attributes, `javascript:` addresses,
 * `srcdoc` frames, and inline scripts (the CSP forbids them; the app sends none).
 */
async function unsafeNodes(page) {
  return page.evaluate(() => {
    const found = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${element.localName} ${name}>`);
        if (name === 'srcdoc') found.push(`<${element.localName} srcdoc>`);
        // Browsers skip control characters and spaces in a scheme, so they are stripped first.
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) &&
          /^\s*javascript:/i.test([...attribute.value].filter((c) => c.charCodeAt(0) > 0x20).join(''))
        ) {
          found.push(`<${element.localName} ${name}="${attribute.value}">`);
        }
      }
      if (element.localName === 'script' && !element.src && element.type !== 'application/json' && element.textContent.trim()) found.push('inline <script>');
    }
    return found;
  });
}

/** Opens `url` in a fresh page and checks it: CSP on the document, no dialog, nothing unsafe. */
async function expectInert(context, url, ready) {
  const page = await context.newPage();
  const dialogs = [];
  const documentsWithoutCsp = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && !response.headers()['content-security-policy']) documentsWithoutCsp.push(response.url());
  });
  try {
    await page.goto(url);
    await ready(page);
    // Handlers that would fire late (image errors, lazy frames) get their chance.
    await page.waitForTimeout(750);
    const unsafe = await unsafeNodes(page);
    const problems = [
      ...dialogs.map((message) => `a dialog opened: ${message}`),
      ...documentsWithoutCsp.map((address) => `no Content-Security-Policy on ${address}`),
      ...unsafe.map((node) => `unsafe node ${node}`),
    ];
    if (problems.length > 0) throw new Error(`${url}:\n${problems.join('\n')}`);
  } finally {
    await page.close();
  }
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const ownerContext = await browser.newContext(CONTEXT_OPTIONS);
  const owner = await ownerContext.newPage();
  // A dialog on the owner's page is a payload that ran while the board was being made.
  const ownerDialogs = [];
  owner.on('dialog', (dialog) => {
    ownerDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  let boardPath = '';
  let boardId = '';
  const listingTitle = `Listing ${RUN} <img src=x onerror="alert('listing title')">`;

  await step('an owner fills a board with script payloads in every text a person can enter', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Hostile', `hostile-${RUN}`);
    boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: `Hostile ${RUN}` });
    const board = await call(owner, 'POST', `/api/board/update-metadata?board=${boardPath.slice(1)}`);
    boardId = board.id;
    const sheet = board.sheets[0];
    await call(owner, 'PUT', `/api/boards/${boardId}`, {
      public: true,
      hide_hero: false,
      title: `Title ${one('title')}`,
      hero: `Hero ${one('hero')}`,
      sections: `${SECTION}, Other`,
      current_section: SECTION,
    });
    const blocks = [
      {
        type: 'table',
        title: `Cells ${payloads('block title')[0]}`,
        axis: [{ column: 'Name' }, { column: 'Notes', use_markdown: true }, { column: 'Link', use_markdown: true }],
      },
      { type: 'list', title: 'Listed', axis: [{ column: 'Name' }, { column: 'Notes', use_markdown: true }] },
      { type: 'markdown', title: 'Notes block', text: `# Notes\n\n${payloads('markdown block').join('\n\n')}\n\n[Notes]` },
      { type: 'datalist', title: 'Data list' },
      {
        type: 'iframe',
        title: 'Framed',
        iframe_code: `<iframe src="https://example.com/page" srcdoc="<script>parent.alert('iframe srcdoc')</script>" onload="alert('iframe onload')" title="x"></iframe><script>alert('iframe script')</script>`,
      },
    ];
    for (const config of blocks) await call(owner, 'POST', `/api/boards/${boardId}/blocks`, { ...config, sheet_title: sheet, section: SECTION });
    await call(owner, 'PUT', `/api/boards/${boardId}/listing`, {
      title: listingTitle,
      description: `About ${one('listing description')}`,
      category: (await call(owner, 'GET', '/api/marketplace')).categories[0],
      tags: ['<script>alert(1)</script>', 'onerror=alert(1)'],
    });
  });

  await step("the owner's editor shows the payloads as text and runs none", owner, async () => {
    await expectInert(ownerContext, `${BASE}${boardPath}`, async (page) => {
      await visible(page.getByRole('navigation', { name: 'Board editor' }));
      await visible(block(page, 'Notes block').getByRole('heading', { name: 'Notes', exact: true }));
      await visible(page.getByText(/Row 0 <script>alert\('cell script'\)<\/script>/).first());
    });
    if (ownerDialogs.length > 0) throw new Error(`dialogs opened while the board was made: ${ownerDialogs.join(', ')}`);
  });

  const guestContext = await browser.newContext(CONTEXT_OPTIONS);

  await step("a guest's board shows the payloads as text and runs none", null, async () => {
    await expectInert(guestContext, `${BASE}${boardPath}`, async (page) => {
      await visible(block(page, 'Notes block').getByRole('heading', { name: 'Notes', exact: true }));
      // Markdown cells keep their formatting; only the hostile parts are gone.
      await visible(page.locator('section.board-block strong', { hasText: 'bold' }).first());
      await visible(page.getByText(/Row 6 <math>/).first());
    });
  });

  await step('the embed, read with and without JavaScript, runs none', null, async () => {
    const slug = boardPath.slice(1);
    await expectInert(guestContext, `${BASE}/embed?board=${slug}`, (page) => visible(page.getByRole('heading', { name: 'Notes', exact: true }).first()));
    const noScript = await browser.newContext({ ...CONTEXT_OPTIONS, javaScriptEnabled: false });
    try {
      await expectInert(noScript, `${BASE}/embed?board=${slug}`, (page) => visible(page.getByText(/Row 0 <script>/).first()));
    } finally {
      await noScript.close();
    }
  });

  await step('the marketplace shows the hostile listing as text and runs none', null, async () => {
    await expectInert(guestContext, `${BASE}/marketplace`, (page) => visible(page.getByText(listingTitle).first()));
  });

  await step('the preview image opened as a page runs none of its text', null, async () => {
    await expectInert(guestContext, `${BASE}/api/boards/${boardId}/preview.svg`, async (page) => {
      const type = await page.evaluate(() => document.contentType);
      if (type !== 'image/svg+xml') throw new Error(`the preview answered ${type}`);
    });
  });

  await guestContext.close();
  await ownerContext.close();
});
