// What the end-to-end journeys share: the server's address, the SMTP stand-in that catches the
// server's e-mail (verification codes, invitations), a step runner that reports TAP-like lines
// and a screenshot on failure, and the first steps of every journey (sign up, a workspace, a
// board made from an uploaded CSV).
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';

export const BASE = (process.env.TESSERA_URL ?? '').replace(/\/$/, '');
export const SHOTS = process.env.TESSERA_SCREENSHOTS ?? '/tmp/tessera/journeys';
export const PASSWORD = 'journey-password-1';
export const RUN = Date.now().toString(36);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** The two screens every look is checked at: a laptop, and a phone (issue 47's 1280x800, 390x844). */
export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
export const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'UTC', serviceWorkers: 'block' };

/** Exits early, passing, when there is no server to test; exits with 2 when the SMTP port is missing. */
export function requireServer(script) {
  if (!BASE) {
    // `npm run e2e` without a server tests only what `vite preview` can serve.
    console.log(`# ${script} skipped: it needs the real server (TESSERA_URL and E2E_SMTP_PORT; cargo xtask ci sets both)`);
    process.exit(0);
  }
  if (!SMTP_PORT) {
    console.error(`${script}: set E2E_SMTP_PORT, the port where the server sends its e-mail (cargo xtask ci does)`);
    process.exit(2);
  }
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

export async function mailTo(email, pattern, timeoutMs = 15_000) {
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

/** A JSON call made with the page's session cookie; a non-2xx answer throws with its body. */
export async function call(page, method, path, data) {
  const response = await page.request.fetch(`${BASE}${path}`, { method, data, headers: { Accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Marks `email`'s account as paid, the way the payment provider does: a webhook signed with the
 * server's TESSERA_PAYMENT_WEBHOOK_SECRET (`secret`; E2E_WEBHOOK_SECRET, which cargo xtask ci sets).
 */
export async function pay(page, email, secret) {
  const body = JSON.stringify({ id: `evt-${RUN}-${email}`, type: 'payment.succeeded', data: { email, plan: 'paid' } });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const response = await page.request.post(`${BASE}/api/payments/webhook`, {
    data: body,
    headers: { 'Content-Type': 'application/json', 'Tessera-Signature': `t=${t},v1=${v1}` },
  });
  if (!response.ok()) throw new Error(`the webhook answered ${response.status()}: ${await response.text()}`);
}

/** A board block's frame, found by its title. */
/** A board's block by its name: its title line, or for a header, footer or banner (drawn without one) its region's label. */
export const boardBlock = (page, title) => page.getByRole('region', { name: title, exact: true }).and(page.locator('section.board-block'));

export const visible = (locator) => locator.waitFor({ state: 'visible', timeout: 15_000 });
export const hidden = (locator) => locator.waitFor({ state: 'hidden', timeout: 15_000 });

/**
 * Runs `journey({browser, step, profileDir})` with Chromium and the SMTP stand-in up, then prints
 * `N passed, M failed` and exits with the outcome. Steps build on each other: after a failure
 * the rest are reported as skipped.
 */
export async function runJourneys(journey) {
  mkdirSync(SHOTS, { recursive: true });
  const results = [];
  let failedAlready = false;
  const step = async (name, page, fn) => {
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
      const shot = join(SHOTS, `${name.replace(/[^\w]+/g, '-').slice(0, 60)}-failed.png`);
      await page?.screenshot({ path: shot, fullPage: true }).catch(() => {});
      console.log(
        `not ok - ${name}\n  ${String(error?.stack ?? error)
          .split('\n')
          .join('\n  ')}\n  screenshot: ${shot}`,
      );
    }
  };
  const smtp = await startSmtp();
  const profileDir = mkdtempSync(join(tmpdir(), 'tessera-journeys-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await journey({ browser, step, profileDir });
  } catch (error) {
    console.error(error);
    results.push({ name: 'the journey itself', ok: false });
  } finally {
    await browser.close();
    smtp.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  process.exit(passed === results.length && passed > 0 ? 0 : 1);
}

/**
 * Signs `person` up (to come back to `next`); `beforeSubmit` runs on the filled-in form,
 * `beforeVerify` on the e-mail check before the code is typed.
 */
export async function signUpAndVerify(page, person, next = '', beforeSubmit = async () => {}, beforeVerify = async () => {}) {
  await page.goto(`${BASE}/dashboard/signup${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await beforeSubmit();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard\/emailVerify/);
  await beforeVerify();
  const [, code] = await mailTo(person.email, /\b(\d{6})\b/);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify e-mail' }).click();
}

export async function createWorkspace(page, name, subdomain) {
  await page.goto(`${BASE}/dashboard/new-workspace`);
  await page.getByLabel('Workspace name').fill(name);
  await page.getByLabel('Sub-domain').fill(subdomain);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.waitForURL(`${BASE}/dashboard`);
  await visible(page.getByRole('heading', { name }));
}

/** On /dashboard/start (already open), uploads `csvText` as `fileName`.csv and waits for the preview of its rows. */
export async function uploadCsvOnStart(page, { profileDir, csvText, fileName }) {
  const stem = fileName.replace(/\W+/g, '-');
  const csv = join(profileDir, `${stem}.csv`);
  writeFileSync(csv, csvText);
  const last = csvText
    .split('\n')[0]
    .split(',')
    .at(-1)
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('radio', { name: 'Upload a file' }).check();
  await page.getByLabel('File', { exact: true }).setInputFiles(csv);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const preview = page.getByRole('region', { name: `Preview of ${stem}`, exact: true });
  // Each column header reads its name, then the type the core found.
  await visible(preview.getByRole('columnheader', { name: new RegExp(`^${last}( |$)`) }));
}

/**
 * On /dashboard/start (already open), makes a blank board named `boardName` and answers its path;
 * `beforeCreate` runs on the filled-in start page.
 */
export async function createBlankBoardOnStart(page, boardName, beforeCreate = async () => {}) {
  await page.getByRole('radio', { name: /^Blank board/ }).check();
  await page.getByLabel('Board name', { exact: true }).fill(boardName);
  await beforeCreate();
  await page.getByRole('button', { name: 'Create board' }).click();
  const slug = boardName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await page.waitForURL(new RegExp(`/${slug}`));
  await visible(page.getByRole('navigation', { name: 'Board editor' }));
  return new URL(page.url()).pathname;
}

/**
 * Uploads `csvText` on /dashboard/start, makes a blank board named `boardName`, answers its path;
 * `beforeCreate` runs on the filled-in start page.
 */
export async function createBoardFromCsv(page, { profileDir, csvText, boardName, beforeCreate }) {
  await page.goto(`${BASE}/dashboard/start`);
  await uploadCsvOnStart(page, { profileDir, csvText, fileName: boardName });
  return createBlankBoardOnStart(page, boardName, beforeCreate);
}

/**
 * Collects what a visit should never produce by itself: console errors, uncaught page errors and
 * answers with a status of 400 or more. `allowed(url, status)` names the requests the user caused
 * on purpose (a wrong password, say). `problems()` lists what was seen, `assertClean(what)` throws
 * naming each.
 */
export function watchPage(page, allowed = () => false) {
  const seen = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer again as a console error; an allowed answer is not one.
    const status = message.text().match(/^Failed to load resource: the server responded with a status of (\d+)/)?.[1];
    if (status && allowed(message.location().url, Number(status))) return;
    seen.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !allowed(response.url(), status)) seen.push(`${response.request().method()} ${response.url()} answered ${status}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // A navigation or a fetch the page itself aborted (leaving a screen) is not a failure.
    if (failure !== 'net::ERR_ABORTED') seen.push(`${request.method()} ${request.url()} failed: ${failure}`);
  });
  return {
    problems: () => [...seen],
    assertClean(what) {
      if (seen.length > 0) throw new Error(`${what}: ${seen.length} problem(s) the user did not cause:\n  ${seen.join('\n  ')}`);
    },
  };
}

/**
 * Counts what a person does: each click (a choice of file included) and each key typed. The
 * journeys that measure a task act only through it.
 */
export function effortCounter() {
  const counts = { clicks: 0, keys: 0 };
  return {
    counts,
    async click(locator) {
      counts.clicks += 1;
      await locator.click();
    },
    async check(locator) {
      counts.clicks += 1;
      await locator.check();
    },
    async select(locator, option) {
      counts.clicks += 2; // open the list, pick the option
      await locator.selectOption(option);
    },
    async type(locator, text) {
      counts.clicks += 1; // focus the field
      counts.keys += text.length;
      await locator.fill(text);
    },
    async press(locator, key) {
      counts.keys += 1;
      await locator.press(key);
    },
    async chooseFile(locator, path) {
      counts.clicks += 2; // open the file chooser, pick the file
      await locator.setInputFiles(path);
    },
  };
}

/** axe-core's browser build, evaluated in each page (the page's CSP would refuse it as a script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits until nothing on the page still fades or slides (endless spinners aside), so colours are final. */
export async function settled(page) {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
}

/** The serious and critical violations axe finds on what the page shows now. */
export async function axeViolations(page) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((result) => result.violations),
    AXE_TAGS,
  );
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      count: violation.nodes.length,
      target: violation.nodes[0]?.target.join(' ') ?? '',
      summary: (violation.nodes[0]?.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
    }));
}
