// Issue 13, item 1, in real Chromium: a cancelled or abandoned checkout. Cancel in the checkout tab says plainly that
// the payment was cancelled and leads back to the report; the tab that opened the checkout stops "Payment in
// progress…" at once (not after minutes) and offers Buy again; closing the checkout tab does the same, on the report
// page and on the dashboard; a checkout ended elsewhere is noticed from the server's state.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import yazl from 'yazl';
import { reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
  type TestUser,
} from './harness.ts';

async function tinyZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('export function add(a, b) {\n  return a + b;\n}\n'), 'src/add.js');
  zip.addBuffer(Buffer.from('{ "name": "tiny", "version": "1.0.0" }\n'), 'package.json');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Well under the purchase poll's first look (10 s): only a prompt signal can end the wait this fast. */
const PROMPTLY = 8_000;

describeBrowser('cancelled and abandoned checkouts', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: TestUser;
  let token: string;
  let reportId: string;

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    ({ context, page, user } = await signUpAndSignIn(app, browser, 'Carla Cancel'));
    const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    token = ((await session.json()) as { access_token: string }).access_token;
    const form = new FormData();
    form.append('project_name', 'Cancel Test');
    form.append('project_source', 'zip');
    form.append('codebase', new File([new Uint8Array(await tinyZip())], 'tiny.zip'));
    form.append('template', new File(['report_structure:\n  - title: Overview\n'], 'template.yaml'));
    const created = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(200);
    reportId = ((await created.json()) as { report_id: string }).report_id;
    const deadline = Date.now() + 150_000;
    for (;;) {
      const status = await fetch(`${app.url}/api/status/${reportId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { state } = (await status.json()) as { state: string };
      if (state === 'completed') break;
      if (state === 'failed' || Date.now() > deadline)
        throw new Error(`The report did not complete: ${state}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The report page's waiting state: a busy "Payment in progress…" button. */
  const inProgress = (p: Page) => p.getByRole('button', { name: reportUiMessages.paymentInProgress });

  const openCheckout = async (from: Page, buy: ReturnType<Page['getByTestId']>) => {
    const [checkout] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await checkout.waitForURL(/\/checkout\/test\//);
    await checkout.getByRole('button', { name: /^Pay/ }).waitFor();
    return checkout;
  };

  it('Cancel in the checkout tab says the payment was cancelled; the report tab stops waiting at once', async () => {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const checkout = await openCheckout(page, page.getByTestId('buy-word'));
    await inProgress(page).waitFor();
    await checkout.getByRole('button', { name: 'Cancel' }).click();

    // The checkout tab: a plain statement and the way back, not a second copy of the report.
    await checkout.waitForURL(/\/app\/payment-cancelled\?/);
    await checkout.getByRole('heading', { name: reportUiMessages.paymentCancelledTitle }).waitFor();
    await checkout.getByText(reportUiMessages.paymentCancelledDetail('Word', 'Cancel Test')).waitFor();
    expect(await checkout.getByTestId('format-card-word').count()).toBe(0);
    await screenshotBoth(checkout, 'payment-cancelled');

    // The first tab: Buy is usable again, promptly, and says what happened.
    const started = Date.now();
    await page
      .getByTestId('payment-outcome-word')
      .getByText(reportUiMessages.checkoutCancelled('Word'))
      .waitFor({
        timeout: PROMPTLY,
      });
    expect(Date.now() - started).toBeLessThan(PROMPTLY);
    expect(await page.getByTestId('buy-word').isEnabled()).toBe(true);
    expect(await page.getByTestId('payment-waiting-word').count()).toBe(0);
    await screenshotBoth(page, 'report-payment-cancelled');

    // The way back from the checkout tab leads to the report, where Word is still for sale.
    await checkout.getByRole('link', { name: reportUiMessages.backToReport }).click();
    await checkout.waitForURL(new RegExp(`/app/report/${reportId}$`));
    await checkout.getByTestId('buy-word').waitFor();
    await checkout.close();
  });

  it('closing the checkout tab ends the wait on the report page: Checking payment…, then not completed', async () => {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const checkout = await openCheckout(page, page.getByTestId('buy-latex'));
    await inProgress(page).waitFor();
    await checkout.close();
    await page
      .getByTestId('payment-outcome-latex')
      .getByText(reportUiMessages.checkoutAbandoned('LaTeX'))
      .waitFor({ timeout: PROMPTLY });
    expect(await page.getByTestId('buy-latex').isEnabled()).toBe(true);
    // Buying again works: a fresh checkout opens.
    const again = await openCheckout(page, page.getByTestId('buy-latex'));
    await again.close();
    await page.getByTestId('payment-outcome-latex').waitFor({ timeout: PROMPTLY });
  });

  it('on the dashboard, the row button never stays a spinner: closing the checkout tab gives Buy back', async () => {
    await page.goto(`${app.url}/app`);
    const buy = page.getByTestId('buy-word');
    await buy.waitFor();
    const checkout = await openCheckout(page, buy);
    // Waiting: the row says so (before this was fixed: a disabled spinner button).
    const waiting = page
      .getByTestId('payment-waiting-word')
      .or(page.locator('[data-testid="buy-word"][disabled]'));
    await waiting.waitFor();
    // A way out is there while waiting.
    await waiting.getByRole('button', { name: /Stop waiting/ }).waitFor();
    await screenshotBoth(page, 'dashboard-payment-waiting');
    await checkout.close();
    await page
      .getByTestId('payment-outcome-word')
      .getByText(reportUiMessages.checkoutAbandoned('Word'))
      .waitFor({ timeout: PROMPTLY });
    expect(await page.getByTestId('buy-word').isEnabled()).toBe(true);
    await screenshotBoth(page, 'dashboard-payment-not-completed');

    // Stop waiting ends it by hand as well.
    const second = await openCheckout(page, page.getByTestId('buy-word'));
    await page
      .getByTestId('payment-waiting-word')
      .getByRole('button', { name: /Stop waiting/ })
      .click();
    expect(await page.getByTestId('buy-word').isEnabled()).toBe(true);
    await second.close();
  });

  it('a checkout cancelled where this tab cannot hear it is noticed from the server', async () => {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const checkout = await openCheckout(page, page.getByTestId('buy-word'));
    await inProgress(page).waitFor();
    // Another device ends the checkout: no broadcast reaches this browser, and the tab stays open.
    const cancelled = await fetch(`${app.url}/api/checkout/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ report_id: reportId, tier: 'word' }),
    });
    expect(cancelled.status).toBe(200);
    // The purchase poll's first look comes after 10 s, then every 5 s.
    await page
      .getByTestId('payment-outcome-word')
      .getByText(reportUiMessages.checkoutCancelled('Word'))
      .waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('buy-word').isEnabled()).toBe(true);
    await checkout.close();
  });

  it('the provider-style cancel return (/purchase/cancel) says the payment was cancelled too', async () => {
    await page.goto(`${app.url}/purchase/cancel?reportId=${reportId}&format=latex`);
    await page.waitForURL(/\/app\/payment-cancelled/);
    await page.getByRole('heading', { name: reportUiMessages.paymentCancelledTitle }).waitFor();
    await page.getByText(reportUiMessages.paymentCancelledDetail('LaTeX', 'Cancel Test')).waitFor();
    await page.getByRole('link', { name: reportUiMessages.backToReport }).waitFor();
    // Without a report, the way back is the dashboard.
    await page.evaluate(() => localStorage.removeItem('current_report_id'));
    await page.goto(`${app.url}/app/payment-cancelled`);
    await page.getByText(reportUiMessages.paymentCancelledNoReport).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
  });
});
