// What a report page says about what the user owns (issue 13, item 11), in real Chromium with the real worker and
// the built-in test checkout: pdf.js renders the preview without warnings about missing standard fonts; the note
// under the preview is true to the formats bought (none, one, both); Share says the link opens only for its owner;
// signing out removes the user's purchase cache and checkout keys from localStorage; a failed report offers
// neither Share nor a free preview.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { messages, reportUiMessages, storageKeys } from '@atr/shared';
import {
  buyWithTestCheckout,
  describeBrowser,
  generateSampleReport,
  launchBrowser,
  screenshotBoth,
  seedQueuedReports,
  signIn,
  signUpAndSignIn,
  startApp,
  traversalZip,
  type RunningApp,
  type TestUser,
} from './harness.ts';

const USER_DATA_KEY =
  /^(atr_downloads_|payment_session_|atr_processing_|current_report_id$|current_payment_format$)/;

describeBrowser('a report the user owns', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: TestUser;
  let reportId = '';
  /** Console warnings and errors of the page and its workers (pdf.js logs from its worker). */
  const consoleProblems: string[] = [];
  const listen = (p: Page) => {
    const record = (m: ConsoleMessage) => {
      if (m.type() === 'warning' || m.type() === 'error') consoleProblems.push(m.text());
    };
    p.on('console', record);
    p.on('worker', (w) => w.on('console', record));
  };

  const note = () => page.getByTestId('preview-note');
  const storedKeys = () => page.evaluate(() => Object.keys(localStorage));
  const previewPages = async () =>
    Number((await note().textContent())?.match(/first (\d+) pages/)?.[1] ?? 'NaN');

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    ({ user, context, page } = await signUpAndSignIn(app, browser, 'Grace Owner'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    listen(page);
    reportId = await generateSampleReport(page, app, 'Owned Report');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('renders the preview with pdf.js and no warnings about missing standard fonts', async () => {
    consoleProblems.length = 0;
    await page.goto(`${app.url}/app/report/${reportId}`);
    const canvas = page.getByTestId('preview-canvas');
    await expect.poll(() => canvas.getAttribute('data-rendered-page'), { timeout: 30_000 }).toBe('1');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => canvas.getAttribute('data-rendered-page'), { timeout: 15_000 }).toBe('2');
    // The sample report's PDF uses the standard 14 fonts without embedding them: pdf.js needs their data.
    expect(consoleProblems.filter((t) => /font|Warning:/i.test(t))).toEqual([]);
    // Nothing bought yet: the note offers the formats.
    expect(await note().textContent()).toBe(reportUiMessages.previewFreeNote(await previewPages()));
  });

  it('Share copies the link and says only the owner can open it', async () => {
    const share = page.getByRole('button', { name: 'Share' });
    expect(await share.getAttribute('title')).toBe(reportUiMessages.shareHint);
    await share.click();
    await page.getByText(reportUiMessages.shareOwnerOnly).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.url}/app/report/${reportId}`,
    );
    await screenshotBoth(page, 'report-share-toast');
  });

  it('with Word bought, the note says where the full report is and that LaTeX can still be bought', async () => {
    await buyWithTestCheckout(page, 'word');
    const pages = await previewPages();
    await expect
      .poll(() => note().textContent(), { timeout: 15_000 })
      .toBe(reportUiMessages.previewOwnedOneNote(pages, 'Word', 'LaTeX'));
  });

  it("signing out leaves none of the user's purchases or checkouts in localStorage", async () => {
    // A LaTeX checkout opened and left unpaid, and the dashboard, which caches the purchase list.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('buy-latex').click(),
    ]);
    await checkout.waitForLoadState();
    // the tab opens at once; the page records the checkout when the server has answered
    await expect.poll(storedKeys, { timeout: 15_000 }).toContain(storageKeys.currentPaymentFormat);
    await checkout.close();
    await page.goto(`${app.url}/app`);
    await page.getByTestId('report-row').first().waitFor();
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('atr-auth') ?? '{}').user?.id as string,
    );
    expect(userId).toBeTruthy();
    await expect.poll(storedKeys).toContain(storageKeys.downloads(userId));
    const before = await storedKeys();
    expect(before).toEqual(
      expect.arrayContaining([
        storageKeys.paymentSession(reportId),
        storageKeys.currentReportId,
        storageKeys.currentPaymentFormat,
      ]),
    );
    expect(await page.evaluate((k) => localStorage.getItem(k), storageKeys.downloads(userId))).toContain(
      reportId,
    );

    await page.getByRole('button', { name: /Grace Owner/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/`);
    const after = await storedKeys();
    expect(after.filter((k) => USER_DATA_KEY.test(k))).toEqual([]);
    // No key names the user (the "visited" marker that lets them be welcomed back is named by a digest).
    expect(after.filter((k) => k.includes(userId))).toEqual([]);
    // Browser preferences are not the user's data and stay.
    expect(after).toContain(storageKeys.cookieConsent);
  });

  it('with both formats bought, the note no longer asks to buy one', async () => {
    await signIn(page, app, user);
    await page.goto(`${app.url}/app/report/${reportId}`);
    await page.getByTestId('buy-latex').waitFor({ timeout: 15_000 });
    await buyWithTestCheckout(page, 'latex');
    const pages = await previewPages();
    await expect
      .poll(() => note().textContent(), { timeout: 15_000 })
      .toBe(reportUiMessages.previewOwnedAllNote(pages));
    expect(await page.locator('main').textContent()).not.toContain('Buy a format');
    await screenshotBoth(page, 'report-both-bought');
  });

  it('a failed report offers neither Share nor a free preview, on its page or its dashboard row', async () => {
    // A ZIP with a path that climbs out of its folder: the engine refuses it and the report fails.
    await seedQueuedReports(app, user, 1, () => 'Refused Upload', await traversalZip());
    await page.goto(`${app.url}/app`);
    const row = page.getByTestId('report-row').filter({ hasText: 'Refused Upload' });
    await row.getByTestId('status-badge').getByText('Failed').waitFor({ timeout: 60_000 });
    const failedId = (await row.getAttribute('data-report-id'))!;
    expect(await row.textContent()).not.toMatch(/Free preview|Share/);
    await row.getByRole('button', { name: 'More actions for Refused Upload' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['View', 'Delete']);
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/app/report/${failedId}`);
    await page.getByText(messages.report.failureModalTitle).first().waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.toContain('Free preview');
    expect(main).not.toContain('Payment tier');
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await page.getByTestId('preview-canvas').count()).toBe(0);
    await screenshotBoth(page, 'report-failed');
  });
});
