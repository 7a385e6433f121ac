// The small things a careful user notices, in real Chromium at a desktop and a phone width: the cookie banner covers
// nothing, confirmations and their toasts name the report, the signed-in 404 leads back to the dashboard, every file
// field is the one keyboard-operable picker, phone layouts keep the first report and long names in view, and each
// error shows once.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages, reportUiMessages } from '@atr/shared';
import {
  VIEWPORTS,
  createUser,
  describeBrowser,
  launchBrowser,
  newContext,
  screenshotBoth,
  seedQueuedReports,
  signIn,
  startApp,
  type RunningApp,
  type TestUser,
} from './harness.ts';
import { axeBothWidths } from './accessibility.ts';

/** The visible links and buttons of the page's main content whose centre or corners the cookie banner covers. */
async function coveredActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main a, main button')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 3, r.top + 3],
        [r.right - 3, r.bottom - 3],
      ];
      const inView = points.filter(([x, y]) => y >= 0 && y < innerHeight && x >= 0 && x < innerWidth);
      // Only the banner counts: a control scrolled under the sticky header is the scroll's doing, not the banner's.
      const underBanner = ([x, y]: [number, number]) =>
        !!document.elementFromPoint(x, y)?.closest('[aria-label="Cookie consent"]');
      if (inView.some(underBanner))
        covered.push((el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.tagName);
    }
    return covered;
  });
}

describeBrowser('the crafted surface', () => {
  let app: RunningApp;
  let browser: Browser;
  let user: TestUser;

  beforeAll(async () => {
    // Reports stay queued (no worker), so they can be cancelled and deleted at leisure.
    app = await startApp({ AUTH_AUTOCONFIRM: 'true', WORKER_IN_PROCESS: 'false' });
    browser = await launchBrowser();
    user = await createUser(app, 'Casey Careful');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the cookie banner is a compact bar that covers no action, wherever the page is scrolled', async () => {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const context = await newContext(browser, { cookieConsent: null, viewport });
      const page = await context.newPage();
      for (const path of ['/', '/pricing', '/signup', '/login']) {
        await page.goto(`${app.url}${path}`);
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await banner.waitFor();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const height = (await banner.boundingBox())!.height;
        expect(height, `banner height on ${path} @${label}`).toBeLessThanOrEqual(
          label === 'phone' ? 120 : 64,
        );
        // From the top, then with every action of the page scrolled into view in turn.
        expect(await coveredActions(page), `${path} @${label}, top`).toEqual([]);
        const actions = page.locator('main a:visible, main button:visible');
        for (let i = 0; i < (await actions.count()); i++) {
          await actions.nth(i).scrollIntoViewIfNeeded();
          expect(await coveredActions(page), `${path} @${label}, action ${i}`).toEqual([]);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        if (path === '/pricing') await screenshotBoth(page, 'crafted-pricing-cookie-banner');
        if (label === 'desktop')
          expect(await axeBothWidths(page, `${path} with the cookie banner`)).toEqual([]);
      }
      // On a phone the hero's call to action is in the first screen, below the banner.
      await page.goto(`${app.url}/`);
      const cta = page.getByRole('main').getByRole('link', { name: 'Get Started' }).first();
      expect((await cta.boundingBox())!.y + 44).toBeLessThanOrEqual(viewport.height);
      await context.close();
    }
  });

  it('delete names the report in the question and in the toast after', async () => {
    await seedQueuedReports(app, user, 1, () => 'Quarterly Ledger Service');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, app, user);
    const row = page.getByTestId('report-row').filter({ hasText: 'Quarterly Ledger Service' });
    await row.getByRole('button', { name: 'More actions for Quarterly Ledger Service' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain(reportUiMessages.deleteConfirm('Quarterly Ledger Service'));
    await screenshotBoth(page, 'crafted-delete-named');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const toast = page
      .getByRole('status')
      .filter({ hasText: reportUiMessages.deleted('Quarterly Ledger Service') });
    await toast.waitFor();
    // Focus on the toast holds it on screen while it is captured and axe-core reads it.
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await screenshotBoth(page, 'crafted-delete-toast');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    await context.close();
  });

  it('cancel names the report, and a toast says it was cancelled', async () => {
    const name = 'Inventory Forecasting Platform With A Rather Long Descriptive Project Name';
    await seedQueuedReports(app, user, 1, () => name);
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signIn(page, app, user);
    await page.getByRole('button', { name: `View ${name}` }).click();
    await page.waitForURL(/\/app\/processing\//);
    // A long name wraps on a phone: all of it is on screen, nothing cut off.
    const shown = page.getByTestId('processing-report-name');
    await shown.getByText(name).waitFor();
    const fits = await shown.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    expect((await shown.boundingBox())!.height).toBeGreaterThan(30);
    await screenshotBoth(page, 'crafted-processing-long-name');
    await page.getByRole('button', { name: 'Cancel Generation' }).click();
    const dialog = page.getByRole('dialog', { name: reportUiMessages.cancelConfirmTitle });
    expect(await dialog.textContent()).toContain(reportUiMessages.cancelConfirmBody(name));
    expect(await axeBothWidths(page, 'crafted-cancel-confirm')).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, Cancel' }).click();
    await page.waitForURL(/\/app\/upload$/);
    const toast = page.getByRole('status').filter({ hasText: reportUiMessages.cancelledToast(name) });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Dismiss notification' }).focus();
    await screenshotBoth(page, 'crafted-cancel-toast');
    await context.close();
  });

  it('on a phone the first report is in the first screen of the dashboard', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signIn(page, app, user);
    const first = page.getByTestId('report-row').first();
    await first.waitFor();
    const box = (await first.boundingBox())!;
    expect(box.y + 40).toBeLessThanOrEqual(VIEWPORTS.phone.height);
    await screenshotBoth(page, 'crafted-dashboard');
    await context.close();
  });

  it('the 404 leads back to the dashboard when signed in, and home always', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);
    await signIn(page, app, user);
    await page.goto(`${app.url}/app/no-such-screen`);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await screenshotBoth(page, 'crafted-not-found-signed-in');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/app$/);
    await context.close();
  });

  it('every file field is the one picker: labelled, reached and opened by keyboard, takes a drop, names the files', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The chooser is intercepted from the start: Playwright turns interception on lazily, and a key pressed before
    // that has reached the browser opens a native chooser no event reports.
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 120_000 });
    void chooserOpened.catch(() => undefined); // a failure before Enter is reported by its own step
    await signIn(page, app, user);
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('button', { name: 'Generate Report' }).waitFor();
    const inputs = page.locator('input[type="file"]');
    expect(await inputs.count()).toBe(4);
    // Each input sits in a picker (drop area, button, chosen names), not as the browser's raw control.
    expect(await page.locator('[data-file-picker] input[type="file"]').count()).toBe(4);
    for (const label of ['Project ZIP file', 'YAML template', 'Images', 'Company logo'])
      expect(await page.getByLabel(label, { exact: true }).getAttribute('type')).toBe('file');
    // Tab reaches the template field, and Enter opens the chooser.
    await page.getByLabel('Project name').focus();
    let reached = false;
    for (let i = 0; i < 25 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('name') === 'template');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({
      name: 'house-style.yaml',
      mimeType: 'application/x-yaml',
      buffer: Buffer.from('report_structure:\n  - title: Overview\n'),
    });
    await page.getByTestId('template-chosen').getByText('house-style.yaml').waitFor();
    // A file dropped on the images picker is taken like a chosen one.
    await page.locator('[data-file-picker="images"]').evaluate((zone) => {
      const dt = new DataTransfer();
      dt.items.add(
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'diagram.png', { type: 'image/png' }),
      );
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.getByTestId('images-chosen').getByText('diagram.png').waitFor();
    await screenshotBoth(page, 'crafted-file-pickers');
    await context.close();
  });

  it('each error shows once: sign-up names it at the field only, and login never shows green and red together', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(messages.validation.passwordsDoNotMatch).first().waitFor();
    expect(await page.getByText(messages.validation.passwordsDoNotMatch).count()).toBe(1);
    await screenshotBoth(page, 'crafted-signup-error-once');

    // The login page as a finished password reset leaves it, with its green notice; then a wrong password.
    await page.goto(`${app.url}/login`);
    await page.evaluate(
      (message) => history.replaceState({ usr: { message }, key: 'reset', idx: 0 }, '', '/login'),
      messages.account.passwordUpdated,
    );
    await page.reload();
    await page.getByText(messages.account.passwordUpdated).waitFor();
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByText(messages.account.passwordUpdated).count()).toBe(0);
    await screenshotBoth(page, 'crafted-login-one-banner');
    await context.close();
  });
});
