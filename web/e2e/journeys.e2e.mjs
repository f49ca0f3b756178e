// End-to-end journeys of issue 5 in Debian's Chromium (playwright-core) against the real server:
// sign up, verify, log in, connect a spreadsheet, create a board, add a block, invite a user with
// Read, that user sees the app but cannot edit, and a guest gets 403 on a private board.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/journeys.e2e.mjs
//
// The server must send its e-mail to smtp://127.0.0.1:$E2E_SMTP_PORT, where support.mjs listens
// (a local stand-in) for the verification codes and the invitation. `cargo xtask ci` (step e2e)
// starts the server that way. Prints `N passed, M failed`.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  PASSWORD,
  RUN,
  SHOTS,
  createBoardFromCsv,
  createWorkspace,
  mailTo,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

const OWNER = { name: 'Olga Owner', email: `olga-${RUN}@example.com` };
const READER = { name: 'Rita Reader', email: `rita-${RUN}@example.com` };
const SUB = `journey-${RUN}`;

requireServer('journeys');

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  let boardPath = '';

  await step('a new owner signs up and verifies the e-mailed code', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await visible(owner.getByRole('heading', { name: 'Create a workspace', exact: true }));
  });

  await step('the owner logs out and logs in again with the password', owner, async () => {
    await owner.context().clearCookies();
    await owner.goto(`${BASE}/dashboard/auth`);
    await owner.getByLabel('E-mail').fill(OWNER.email);
    await owner.getByLabel('Password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Log in', exact: true }).click();
    await owner.waitForURL(`${BASE}/dashboard/start`);
  });

  await step('the owner creates a workspace', owner, async () => {
    await createWorkspace(owner, 'Journey workspace', `${SUB}-ws`);
  });

  await step('the owner connects a spreadsheet by upload and creates a board from it', owner, async () => {
    boardPath = await createBoardFromCsv(owner, {
      profileDir,
      csvText: 'Customer,Region,Amount\nAda,North,120\nBea,South,80\nCy,North,45\n',
      boardName: 'Journey orders',
    });
  });

  await step('the owner adds a table block and it shows the sheet rows', owner, async () => {
    await owner
      .getByRole('navigation', { name: 'Board editor' })
      .getByRole('button', { name: /New Block/ })
      .click();
    const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
    await visible(picker);
    await picker.getByRole('button', { name: /^Table/ }).click();
    await picker.waitFor({ state: 'hidden', timeout: 15_000 });
    // A picked block opens its settings; it reads nothing until it has a sheet.
    const settings = owner.getByRole('complementary', { name: 'Block settings' });
    await visible(settings);
    await settings.getByLabel('Sheet', { exact: true }).selectOption({ index: 1 });
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'hidden', timeout: 15_000 });
    await owner.reload();
    await visible(owner.getByRole('cell', { name: 'Ada', exact: true }));
    await owner.screenshot({ path: join(SHOTS, 'board-editor.png'), fullPage: true });
  });

  await step('a guest gets Access Denied on the private board', owner, async () => {
    const guest = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    await guest.goto(`${BASE}${boardPath}`);
    await visible(guest.getByRole('main').getByText('This application is private and you do not have permission to access it.'));
    await visible(guest.getByRole('button', { name: 'Refresh Page' }));
    await guest.context().close();
  });

  await step('the owner creates an app and invites a user with Read', owner, async () => {
    await owner.goto(`${BASE}/dashboard/new-multipage`);
    await owner.getByLabel('App name').fill('Journey app');
    await owner.getByLabel('Sub-domain').fill(SUB);
    await owner.getByRole('button', { name: 'Create app' }).click();
    await owner.waitForURL(new RegExp(`\\?app=${SUB}`));
    await visible(owner.getByRole('navigation', { name: 'App editor' }));
    await owner.getByRole('navigation', { name: 'App editor' }).getByRole('button', { name: 'Users' }).click();
    const users = owner.getByRole('dialog', { name: 'Users' });
    await visible(users.getByText('No users found.'));
    await users.getByRole('button', { name: 'Add Users' }).click();
    const form = owner.getByRole('dialog', { name: 'Add User' });
    await form.getByLabel('Name').fill(READER.name);
    await form.getByLabel('Email').fill(READER.email);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    await visible(users.getByRole('cell', { name: READER.email }));
    await visible(users.getByRole('cell', { name: 'Read', exact: true }));
    await mailTo(READER.email, /accept-invitation\?app=/);
  });

  await step('the invited user signs up from the invitation, sees the app and cannot edit it', owner, async () => {
    const [link] = await mailTo(READER.email, /https?:\/\/\S*accept-invitation\?app=[\w-]+/);
    const reader = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
    const invitation = new URL(link);
    await signUpAndVerify(reader, READER, `${invitation.pathname}${invitation.search}`);
    await reader.waitForURL(/accept-invitation/);
    await reader.getByRole('link', { name: 'Open app' }).click();
    await reader.waitForURL(new RegExp(`\\?app=${SUB}`));
    // The app's home page, as a Read user sees it: content, no editor.
    await visible(reader.locator('main.app-page'));
    await reader.waitForLoadState('networkidle');
    const bars = await reader.getByRole('navigation', { name: 'App editor' }).count();
    if (bars !== 0) throw new Error('a Read user got the app editor');
    if ((await reader.getByRole('button', { name: 'New Block' }).count()) !== 0) throw new Error('a Read user can add blocks');
    await reader.screenshot({ path: join(SHOTS, 'read-user.png'), fullPage: true });
    await reader.context().close();
  });
});
