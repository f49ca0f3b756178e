// One-off: the Account screen at 1280 and 390 px, signed in as the demo owner (not committed).
import { chromium } from 'playwright-core';
const [base, email, password] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const errors = [];
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('requestfailed', (r) => errors.push(`failed ${r.url()}`));
  const login = await page.request.post(`${base}/api/auth`, { data: { email, password }, headers: { Origin: base } });
  if (!login.ok()) throw new Error(`log-in ${login.status()} ${await login.text()}`);
  // A second session, so the card lists another browser to end.
  await page.request.post(`${base}/api/auth`, { data: { email, password }, headers: { Origin: base } });
  await page.goto(`${base}/dashboard/account`);
  await page.getByText(/sessions/i).first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/account-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
console.log(errors.length ? `errors: ${errors.join('\n')}` : 'no console errors or failed requests');
