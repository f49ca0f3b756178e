// The offline journey of issue 6 in Debian's Chromium (playwright-core) against the real server:
// an owner opens a block's settings and sees the live preview, the network is cut, a setting
// changes and the preview follows (computed in the browser by the WASM core), Save waits for the
// network, the network comes back and the save lands, and after a reload the setting is kept.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/offline.e2e.mjs
//
// Like journeys.e2e.mjs, the owner signs up with the code the server e-mails to the SMTP
// stand-in this script runs on $E2E_SMTP_PORT. `cargo xtask ci` (step e2e) runs it after the
// journeys. Prints `N passed, M failed`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

const BASE = (process.env.TESSERA_URL ?? '').replace(/\/$/, '');
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const SHOTS = process.env.TESSERA_SCREENSHOTS ?? '/tmp/tessera/offline';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'offline-password-1';
const RUN = Date.now().toString(36);
const OWNER = { name: 'Otto Offline', email: `otto-${RUN}@example.com` };

if (!BASE) {
  console.log('# offline journey skipped: it needs the real server (TESSERA_URL and E2E_SMTP_PORT; cargo xtask ci sets both)');
  process.exit(0);
}
if (!SMTP_PORT) {
  console.error('offline journey: set E2E_SMTP_PORT, the port where the server sends its e-mail (cargo xtask ci does)');
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
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        done();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve(server));
  });
}

async function codeFor(email, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = inbox.findLast((m) => m.to.includes(email.toLowerCase()));
    const code = mail?.raw.match(/\b(\d{6})\b/);
    if (code) return code[1];
    if (Date.now() > deadline) throw new Error(`no verification code for ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const results = [];
let failedAlready = false;
/** The steps build on each other: after a failure the rest are reported as skipped. */
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

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const smtp = await startSmtp();
  const profileRoot = mkdtempSync(join(tmpdir(), 'tessera-offline-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' });
  const owner = await context.newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  const csv = join(profileRoot, 'orders.csv');
  writeFileSync(csv, 'Customer,Region,Amount\nAda,North,120\nBea,South,80\nCy,North,45\n');
  const settings = owner.getByRole('complementary', { name: 'Block settings' });
  const preview = settings.getByRole('region', { name: 'Preview' });

  try {
    await step('an owner signs up, connects a spreadsheet and creates a board with a table block', owner, async () => {
      await owner.goto(`${BASE}/dashboard/signup`);
      await owner.getByLabel('Name').fill(OWNER.name);
      await owner.getByLabel('E-mail').fill(OWNER.email);
      await owner.getByLabel('Password').fill(PASSWORD);
      await owner.getByRole('button', { name: 'Create account' }).click();
      await owner.waitForURL(/\/dashboard\/emailVerify/);
      await owner.getByLabel('Verification code').fill(await codeFor(OWNER.email));
      await owner.getByRole('button', { name: 'Verify e-mail' }).click();
      await owner.waitForURL(`${BASE}/dashboard`);
      await owner.goto(`${BASE}/dashboard/new-workspace`);
      await owner.getByLabel('Workspace name').fill('Offline workspace');
      await owner.getByLabel('Sub-domain').fill(`offline-${RUN}`);
      await owner.getByRole('button', { name: 'Create workspace' }).click();
      await owner.waitForURL(`${BASE}/dashboard`);
      await owner.goto(`${BASE}/dashboard/start`);
      await owner.getByRole('radio', { name: 'Upload a file' }).check();
      await owner.getByLabel('File', { exact: true }).setInputFiles(csv);
      await owner.getByRole('button', { name: 'Upload', exact: true }).click();
      await visible(owner.getByText(/Columns of .*Customer, Region, Amount/));
      await owner.getByRole('radio', { name: /^Blank board/ }).check();
      await owner.getByLabel('Board name', { exact: true }).fill('Offline orders');
      await owner.getByRole('button', { name: 'Create board' }).click();
      await owner.waitForURL(/\/offline-orders/);
      await owner.getByRole('navigation', { name: 'Board editor' }).getByRole('button', { name: /New Block/ }).click();
      const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
      await picker.getByRole('button', { name: /^Table/ }).click();
      await visible(settings);
      await settings.getByLabel('Sheet', { exact: true }).selectOption({ index: 1 });
      await settings.getByRole('button', { name: 'Save' }).click();
      await settings.waitFor({ state: 'hidden', timeout: 15_000 });
    });

    await step('the block’s settings show the live preview of its rows', owner, async () => {
      await owner.getByRole('button', { name: 'Edit block Table' }).click();
      await visible(preview.getByRole('cell', { name: 'Ada' }));
      await visible(preview.getByText('Showing 3 of 3 rows'));
    });

    await step('with the network cut, a changed setting changes the preview', owner, async () => {
      await context.setOffline(true);
      await visible(owner.getByText(/^Offline: /));
      await settings.getByRole('spinbutton', { name: 'Rows per page' }).fill('1');
      await visible(preview.getByText('Showing 1 of 3 rows'));
      await preview.getByRole('searchbox', { name: 'Search the preview' }).fill('south');
      await visible(preview.getByRole('cell', { name: 'Bea' }));
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
      await owner.getByRole('button', { name: 'Edit block Table' }).click();
      const rows = settings.getByRole('spinbutton', { name: 'Rows per page' });
      await visible(rows);
      const value = await rows.inputValue();
      if (value !== '1') throw new Error(`rows per page after reload: ${value}, not 1`);
      await visible(preview.getByText('Showing 1 of 3 rows'));
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
