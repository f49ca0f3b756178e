// The first-run journey against the real server: a new account lands on the one stepper of
// /dashboard/start, each step ticks as the account makes its workspace (in the stepper itself),
// connects data (whose first rows show with the column types the core found), makes a board and
// adds a block (the last step opening the board's editor), the editor's Docs opens the reference
// of the block being edited in a new tab, and a dismissed guide stays dismissed after a reload
// until the dashboard shows it again.
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  createBlankBoardOnStart,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  uploadCsvOnStart,
  visible,
} from './support.mjs';

requireServer('onboarding');

const OWNER = { name: 'Nia New', email: `nia-${RUN}@example.com` };
const CSV = ['Name,Region,Amount', 'Ada,North,120', 'Bea,South,80'].join('\n');
const BOARD = `First board ${RUN}`;
const STEPS = ['Create a workspace', 'Connect your data', 'Pick a template or a blank board', 'Add a block'];

const guideOf = (page) => page.getByRole('region', { name: /^(Get started in four steps|You are all set)$/ });

/** The stepper's step titled `title`. */
const stepOf = (page, title) =>
  guideOf(page)
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Waits until the guide reads `done` of 4, its steps show these statuses in order, and the first left is the current one. */
async function expectGuide(page, done) {
  const guide = guideOf(page);
  await visible(guide.getByText(`${done} of 4 steps done`, { exact: true }));
  for (const [index, title] of STEPS.entries()) {
    const step = stepOf(page, title);
    const status = await step.locator('.stepper-status').innerText();
    const expected = index < done ? 'Done' : 'To do';
    if (status !== expected) throw new Error(`the step '${title}' reads '${status}', not '${expected}', at ${done} of 4`);
    const current = await step.getAttribute('aria-current');
    if (index === done && current !== 'step') throw new Error(`the step '${title}' is not marked as the one to do next at ${done} of 4`);
  }
  return guide;
}

await runJourneys(async ({ browser, step, profileDir }) => {
  const page = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  let boardPath = '';

  await step('a new account lands on the first-run stepper with its four steps to do', page, async () => {
    await signUpAndVerify(page, OWNER);
    await page.waitForURL(`${BASE}/dashboard/start`);
    await visible(guideOf(page));
    await expectGuide(page, 0);
  });

  await step('the first step makes the workspace in place and the stepper moves on to the data', page, async () => {
    const first = stepOf(page, 'Create a workspace');
    await first.getByLabel('Workspace name').fill('First steps');
    await first.getByLabel('Sub-domain').fill(`first-${RUN}`);
    await first.getByRole('button', { name: 'Create workspace' }).click();
    await expectGuide(page, 1);
    if (new URL(page.url()).pathname !== '/dashboard/start') throw new Error(`creating the workspace left the stepper for ${page.url()}`);
    await visible(stepOf(page, 'Connect your data').getByRole('form', { name: 'Upload a file' }));
  });

  await step('an upload previews its first rows with the column types and ticks the data step', page, async () => {
    await uploadCsvOnStart(page, { profileDir, csvText: CSV, fileName: 'first-steps' });
    await expectGuide(page, 2);
    const preview = page.getByRole('region', { name: 'Preview of first-steps' });
    await visible(preview.getByText('First 2 of 2 rows of first-steps', { exact: true }));
    // The rows come first; the types follow once the core has profiled them.
    await visible(preview.getByRole('columnheader', { name: /Amount\s+Number/ }));
    const headers = await preview.getByRole('columnheader').allInnerTexts();
    const seen = headers.map((text) => text.replace(/\s+/g, ' ').trim()).join(' | ');
    if (seen !== 'Name Text | Region Text | Amount Number') throw new Error(`the preview's columns read '${seen}'`);
  });

  await step('a reload resumes at the template step', page, async () => {
    await page.reload();
    await expectGuide(page, 2);
  });

  await step('making a blank board opens its editor and ticks the third step', page, async () => {
    boardPath = await createBlankBoardOnStart(page, BOARD);
    await page.goto(`${BASE}/dashboard/start`);
    await expectGuide(page, 3);
  });

  await step("the last step opens the new board's editor, where New Block adds a table", page, async () => {
    await guideOf(page)
      .getByRole('link', { name: `Open ${BOARD} in the editor` })
      .click();
    await page.waitForURL(`${BASE}${boardPath}`);
    const sidebar = page.getByRole('navigation', { name: 'Board editor' });
    await visible(sidebar);
    await visible(page.getByText('This board has no blocks yet. Press New Block to add a chart, a table, a form or any other block.'));
    await sidebar.getByRole('button', { name: /New Block/ }).click();
    const picker = page.getByRole('dialog', { name: 'Choose Your Block' });
    await visible(picker);
    await picker.getByRole('button', { name: /^Table\b/ }).click();
    await hidden(picker);
    const editor = page.getByRole('form', { name: 'Table settings' });
    await visible(editor);
    await editor.getByLabel('Sheet', { exact: true }).selectOption({ index: 1 });
    await editor.getByRole('button', { name: 'Save' }).click();
    await hidden(editor);
    await visible(page.getByRole('button', { name: 'Edit block Table', exact: true }));
  });

  await step("the editor's Docs opens the reference of the block being edited in a new tab", page, async () => {
    await page.getByRole('button', { name: 'Edit block Table', exact: true }).click();
    await visible(page.getByRole('form', { name: 'Table settings' }));
    const [docs] = await Promise.all([
      page.context().waitForEvent('page', { timeout: 15_000 }),
      page.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: 'Docs' }).click(),
    ]);
    await docs.waitForLoadState();
    await visible(docs.getByRole('heading', { level: 1, name: 'Table', exact: true }));
    const path = new URL(docs.url()).pathname;
    if (path !== '/docs/blocks/table') throw new Error(`Docs opened ${path}, not /docs/blocks/table`);
    await docs.close();
  });

  await step('adding the block ticks the last step', page, async () => {
    await page.goto(`${BASE}/dashboard/start`);
    await visible(page.getByRole('heading', { name: 'You are all set' }));
    await expectGuide(page, 4);
  });

  await step('a dismissed guide stays dismissed after a reload, and the dashboard shows it again', page, async () => {
    await guideOf(page).getByRole('button', { name: 'Dismiss guide' }).click();
    await hidden(guideOf(page));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Connect your data', exact: true }));
    if ((await guideOf(page).count()) !== 0) throw new Error('the dismissed guide came back after a reload');
    await page.goto(`${BASE}/dashboard`);
    await page.getByRole('button', { name: 'Show getting-started guide' }).click();
    await page.waitForURL(`${BASE}/dashboard/start`);
    await expectGuide(page, 4);
  });
});
