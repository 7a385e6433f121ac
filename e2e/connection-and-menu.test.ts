// A screen whose chunk cannot be downloaded (issue 13, item 10) and the phone menu's Escape key (item 11), in real
// Chromium: the import is retried, and when the server stays unreachable the layout and its navigation stay, with
// a message that names the connection and a Retry that loads the screen once it is back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { errorMessages } from '@atr/shared';
import {
  VIEWPORTS,
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

describeBrowser('connection lost while navigating, and the phone menu', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    ({ page } = await signUpAndSignIn(app, browser, 'Nadia Network'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const header = () => page.getByRole('navigation', { name: 'Main' });

  it('retries a chunk that failed once, without the user noticing', async () => {
    let failures = 0;
    await page.route('**/assets/account-*.js', (route) =>
      failures++ === 0 ? route.abort('connectionreset') : route.fallback(),
    );
    await header().getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(/\/app\/account$/);
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('chunk-load-failed').count()).toBe(0);
    await page.unroute('**/assets/account-*.js');
  });

  it('keeps the layout and says the connection is the problem, then Retry loads the screen', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.route('**/assets/upload-*.js', (route) => route.abort('internetdisconnected'));
    await header().getByRole('link', { name: 'Upload' }).click();
    const failed = page.getByTestId('chunk-load-failed');
    await failed.waitFor({ timeout: 15_000 });
    expect(await failed.textContent()).toContain(errorMessages.chunkBody);
    expect(await page.locator('main').textContent()).not.toMatch(/unexpected error|Failed to fetch/i);
    // The navigation is still there and still works.
    expect(await header().getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    await screenshotBoth(page, 'chunk-load-failed');

    // Still offline: Retry fails again and says so again.
    await failed.getByRole('button', { name: errorMessages.chunkRetry }).click();
    await failed.waitFor();

    // Back online: Retry shows the screen in place.
    await page.unroute('**/assets/upload-*.js');
    await failed.getByRole('button', { name: errorMessages.chunkRetry }).click();
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    expect(page.url()).toMatch(/\/app\/upload$/);

    // And a later visit to the same screen works without a Retry.
    await header().getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await header().getByRole('link', { name: 'Upload' }).click();
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
  });

  it('closes the phone menu on Escape and gives the focus back to its button', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${app.url}/app`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
