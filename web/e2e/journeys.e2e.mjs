// End-to-end journeys of issue 5 in Debian's Chromium (playwright-core) against the real server:
// sign up, verify, log in, connect a spreadsheet, create a board, add a block, invite a user with
// Read, that user sees the app but cannot edit, and a guest gets 403 on a private board.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/journeys.e2e.mjs
//
// The server must send its e-mail to smtp://127.0.0.1:$E2E_SMTP_PORT: this script listens there
// (a local stand-in, smtp-server) and reads the verification codes and the invitation from it.
// `cargo xtask ci` (step e2e) starts the server that way. Prints `N passed, M failed`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

const BASE = (process.env.TESSERA_URL ?? '').replace(/\/$/, '');
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const SHOTS = process.env.TESSERA_SCREENSHOTS ?? '/tmp/tessera/journeys';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'journey-password-1';
const RUN = Date.now().toString(36);
const OWNER = { name: 'Olga Owner', email: `olga-${RUN}@example.com` };
const READER = { name: 'Rita Reader', email: `rita-${RUN}@example.com` };
const SUB = `journey-${RUN}`;

if (!BASE) {
  // `npm run e2e` without a server tests only what `vite preview` can serve.
  console.log('# journeys skipped: they need the real server (TESSERA_URL and E2E_SMTP_PORT; cargo xtask ci sets both)');
  process.exit(0);
}
if (!SMTP_PORT) {
  console.error('journeys: set E2E_SMTP_PORT, the port where the server sends its e-mail (cargo xtask ci does)');
  process.exit(2);
}

/** Every message the server sent: recipients and raw text. */
const inbox = [];
function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: decode(raw) });
        done();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve(server));
  });
}

/** The text of a message, with quoted-printable soft breaks and escapes undone. */
function decode(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

async function mailTo(email, pattern, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (let i = inbox.length - 1; i >= 0; i -= 1) {
      const match = inbox[i].to.includes(email.toLowerCase()) && inbox[i].raw.match(pattern);
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} matching ${pattern} within ${timeoutMs} ms (${inbox.length} received)`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const results = [];
let failedAlready = false;
/** Journeys build on each other: after a failure the rest are reported as skipped. */
async function step(name, page, fn) {
  if (failedAlready) {
    results.push({ name, ok: false });
    console.log(`not ok - ${name} # skipped after an earlier failure`);
    return;
  }
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok - ${name}`);
  } catch (error) {
    failedAlready = true;
    results.push({ name, ok: false });
    const shot = join(SHOTS, `${results.length}-failed.png`);
    await page?.screenshot({ path: shot, fullPage: true }).catch(() => {});
    console.log(`not ok - ${name}\n  ${String(error?.stack ?? error).split('\n').join('\n  ')}\n  screenshot: ${shot}`);
  }
}

const visible = (locator) => locator.waitFor({ state: 'visible', timeout: 15_000 });

async function signUpAndVerify(page, person, next = '') {
  await page.goto(`${BASE}/dashboard/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard\/emailVerify/);
  const [, code] = await mailTo(person.email, /\b(\d{6})\b/);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const smtp = await startSmtp();
  const profileRoot = mkdtempSync(join(tmpdir(), 'tessera-journeys-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contextOptions = { viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' };
  const owner = await (await browser.newContext(contextOptions)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  const csv = join(profileRoot, 'orders.csv');
  writeFileSync(csv, 'Customer,Region,Amount\nAda,North,120\nBea,South,80\nCy,North,45\n');
  let boardPath = '';

  try {
    await step('a new owner signs up and verifies the e-mailed code', owner, async () => {
      await signUpAndVerify(owner, OWNER);
      await owner.waitForURL(`${BASE}/dashboard`);
      await visible(owner.getByRole('heading', { name: 'Create your first workspace' }));
    });

    await step('the owner logs out and logs in again with the password', owner, async () => {
      await owner.context().clearCookies();
      await owner.goto(`${BASE}/dashboard/auth`);
      await owner.getByLabel('E-mail').fill(OWNER.email);
      await owner.getByLabel('Password').fill(PASSWORD);
      await owner.getByRole('button', { name: 'Log in', exact: true }).click();
      await owner.waitForURL(`${BASE}/dashboard`);
    });

    await step('the owner creates a workspace', owner, async () => {
      await owner.goto(`${BASE}/dashboard/new-workspace`);
      await owner.getByLabel('Workspace name').fill('Journey workspace');
      await owner.getByLabel('Sub-domain').fill(`${SUB}-ws`);
      await owner.getByRole('button', { name: 'Create workspace' }).click();
      await owner.waitForURL(`${BASE}/dashboard`);
      await visible(owner.getByRole('heading', { name: 'Journey workspace' }));
    });

    await step('the owner connects a spreadsheet by upload and creates a board from it', owner, async () => {
      await owner.goto(`${BASE}/dashboard/start`);
      await owner.getByRole('radio', { name: 'Upload a file' }).check();
      await owner.getByLabel('File', { exact: true }).setInputFiles(csv);
      await owner.getByRole('button', { name: 'Upload', exact: true }).click();
      await visible(owner.getByText(/Columns of .*Customer, Region, Amount/));
      await owner.getByRole('radio', { name: /^Blank board/ }).check();
      await owner.getByLabel('Board name', { exact: true }).fill('Journey orders');
      await owner.getByRole('button', { name: 'Create board' }).click();
      await owner.waitForURL(/\/journey-orders/);
      boardPath = new URL(owner.url()).pathname;
      await visible(owner.getByRole('navigation', { name: 'Board editor' }));
    });

    await step('the owner adds a table block and it shows the sheet rows', owner, async () => {
      await owner.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: /New Block/ }).click();
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
      await visible(owner.getByRole('cell', { name: 'Ada' }));
      await owner.screenshot({ path: join(SHOTS, 'board-editor.png'), fullPage: true });
    });

    await step('a guest gets Access Denied on the private board', owner, async () => {
      const guest = await (await browser.newContext(contextOptions)).newPage();
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
      const reader = await (await browser.newContext(contextOptions)).newPage();
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
  } finally {
    await browser.close();
    smtp.close();
    rmSync(profileRoot, { recursive: true, force: true });
  }

  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(passed === results.length ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
