// The offline journey of issue 6 in Debian's Chromium (playwright-core) against the real server:
// an owner opens a block's settings and sees the live preview, the network is cut, a setting
// changes and the preview follows (computed in the browser by the WASM core), Save waits for the
// network, the network comes back and the save lands, and after a reload the setting is kept.
// Then, with the network cut again, a new Markdown block is picked in 'Choose Your Block', written
// and previewed, and saved; it is created when the network is back and is there after a reload.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/offline.e2e.mjs
//
// `cargo xtask ci` (step e2e) runs it with the other journeys. Prints `N passed, M failed`.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  SHOTS,
  createBoardFromCsv,
  createWorkspace,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

const OWNER = { name: 'Otto Offline', email: `otto-${RUN}@example.com` };
const CSV = ['Customer,Region,Amount', 'Ada,North,120', 'Bea,South,80', 'Cy,North,45'].join('\n');
const NOTE = 'Orders placed offline ship on Monday.';

requireServer('offline');

await runJourneys(async ({ browser, step, profileDir }) => {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const owner = await context.newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  const settings = owner.getByRole('complementary', { name: 'Block settings' });
  const preview = settings.getByRole('region', { name: 'Preview' });

  await step('an owner has a board with a table block', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Offline workspace', `offline-${RUN}`);
    await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: 'Offline orders' });
    await owner
      .getByRole('navigation', { name: 'Board editor' })
      .getByRole('button', { name: /New Block/ })
      .click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await picker.getByRole('button', { name: /^Table/ }).click();
    await hidden(picker);
    await settings.getByLabel('Sheet', { exact: true }).selectOption({ index: 1 });
    await settings.getByRole('button', { name: 'Save' }).click();
    await hidden(settings);
  });

  await step('the block’s settings show the live preview of its rows', owner, async () => {
    await owner.getByRole('button', { name: 'Edit block Table', exact: true }).click();
    await visible(preview.getByText('Ada', { exact: true }));
    await visible(preview.getByText('Cy', { exact: true }));
  });

  await step('with the network cut, a changed setting changes the preview', owner, async () => {
    await context.setOffline(true);
    await visible(owner.getByText(/^Offline: /));
    await settings.getByRole('spinbutton', { name: 'Rows per page' }).fill('1');
    await visible(preview.getByText('Page 1 of 3'));
    await preview.getByRole('searchbox', { name: 'Search the preview' }).fill('south');
    await visible(preview.getByText('Bea', { exact: true }));
    await owner.screenshot({ path: join(SHOTS, 'offline-preview.png'), fullPage: true });
  });

  await step('Save waits for the network', owner, async () => {
    await settings.getByRole('button', { name: 'Save' }).click();
    await visible(owner.getByText('Waiting for the network to save'));
  });

  await step('the save lands when the network is back', owner, async () => {
    await context.setOffline(false);
    await visible(owner.getByText('Saved', { exact: true }));
  });

  await step('after a reload the setting is kept', owner, async () => {
    await owner.reload();
    await owner.getByRole('button', { name: 'Edit block Table', exact: true }).click();
    const rows = settings.getByRole('spinbutton', { name: 'Rows per page' });
    await visible(rows);
    const value = await rows.inputValue();
    if (value !== '1') throw new Error(`rows per page after the reload: ${value}, not 1`);
    await visible(preview.getByText('Page 1 of 3'));
  });

  await step('with the network cut, a new Markdown block is picked, written with its preview, and waits to be saved', owner, async () => {
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await hidden(settings);
    await context.setOffline(true);
    await visible(owner.getByText(/^Offline: /));
    await owner
      .getByRole('navigation', { name: 'Board editor' })
      .getByRole('button', { name: /New Block/ })
      .click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await picker.getByRole('button', { name: /^Markdown/ }).click();
    await hidden(picker);
    const editor = settings.getByRole('form', { name: 'Markdown settings' });
    await editor.getByRole('textbox', { name: 'Markdown', exact: true }).fill(NOTE);
    await visible(preview.getByText(NOTE));
    await editor.getByRole('button', { name: 'Save' }).click();
    await hidden(settings);
    await visible(owner.getByRole('region', { name: 'Markdown', exact: true }).getByText('Waiting for the network to save'));
  });

  await step('the new block is created when the network is back', owner, async () => {
    await context.setOffline(false);
    await visible(owner.getByRole('region', { name: 'Markdown', exact: true }).getByText('Saved', { exact: true }));
  });

  await step('after a reload the new block and its text are there', owner, async () => {
    await owner.reload();
    const block = owner.getByRole('region', { name: 'Markdown', exact: true });
    await visible(block.getByText(NOTE));
    await block.getByRole('button', { name: 'Edit block Markdown', exact: true }).click();
    const text = settings.getByRole('textbox', { name: 'Markdown', exact: true });
    await visible(text);
    const value = await text.inputValue();
    if (value !== NOTE) throw new Error(`the Markdown block's text after the reload: '${value}', not '${NOTE}'`);
  });
});
