// Payment errors read as sentences with a next step (issue 13, item 6), in real Chromium: a checkout that cannot
// start because the payment provider does not answer (a real Stripe client pointed at a closed port), because the
// server fails with a 500 whose body holds internals, because a proxy answers 502 with an HTML page, or because the
// network is down. Never raw JSON, HTML, a status code or "Failed to fetch"; and Buy stays usable.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { errorMessages, reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  freePort,
  generateSampleReport,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const RAW =
  /Failed to fetch|NetworkError|[{}<>]|ECONN|\b50[0-9]\b|Internal Server Error|Bad Gateway|undefined/;

describeBrowser('payment errors', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let reportId = '';

  beforeAll(async () => {
    // Real payments configured, but the provider's address is a port nobody listens on.
    const closed = await freePort();
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e_unreachable',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_unreachable',
      STRIPE_API_BASE: `http://127.0.0.1:${closed}`,
    });
    browser = await launchBrowser();
    ({ page } = await signUpAndSignIn(app, browser, 'Pat Payer'));
    reportId = await generateSampleReport(page, app, 'Unpaid Report');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = () => page.getByTestId('format-card-word');

  /** Clicks Buy Word and returns the error the card shows; the Buy button must come back. */
  async function buyWordError(): Promise<string> {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const buy = page.getByTestId('buy-word');
    await buy.waitFor({ timeout: 15_000 });
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    const alert = card().getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    const text = ((await alert.textContent()) ?? '').trim();
    expect(text).not.toMatch(RAW);
    await expect.poll(() => buy.isEnabled()).toBe(true);
    // The blank tab opened for the checkout does not stay behind.
    await expect.poll(() => page.context().pages().length).toBe(1);
    return text;
  }

  it('the payment provider does not answer: says so, that nothing was charged, and when to retry', async () => {
    const text = await buyWordError();
    expect(text).toBe(
      reportUiMessages.checkoutStartFailed('Word', reportUiMessages.paymentProviderUnreachable),
    );
    await screenshotBoth(page, 'payment-provider-unreachable');
  });

  it('a 500 with internals in its body: a sentence, not the body', async () => {
    await page.route('**/api/create-checkout-session', (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'connect ECONNREFUSED 10.0.0.5:5432 at TCPConnectWrap.afterConnect',
        }),
      }),
    );
    try {
      expect(await buyWordError()).toBe(
        reportUiMessages.checkoutStartFailed('Word', errorMessages.serverBusy),
      );
    } finally {
      await page.unrouteAll();
    }
  });

  it("a proxy's HTML 502 page: a sentence, not the page", async () => {
    await page.route('**/api/create-checkout-session', (route: Route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>',
      }),
    );
    try {
      expect(await buyWordError()).toBe(
        reportUiMessages.checkoutStartFailed('Word', errorMessages.serverBusy),
      );
    } finally {
      await page.unrouteAll();
    }
  });

  it('the network is down: names the connection, not "Failed to fetch"', async () => {
    await page.route('**/api/create-checkout-session', (route: Route) => route.abort('internetdisconnected'));
    try {
      expect(await buyWordError()).toBe(reportUiMessages.checkoutStartFailed('Word', errorMessages.offline));
      await screenshotBoth(page, 'payment-offline');
    } finally {
      await page.unrouteAll();
    }
  });
});
