// The smaller account details of issue 13 (item 11) in real Chromium: "Remember me" unchecked lasts for the browser
// session (every tab), not one tab; sign-up's second step says its message once; a brand-new user is welcomed,
// not welcomed back; initials are of the first and last name; the 404 page names itself in the tab title; the
// cookie banner never covers Create Account on a phone and comes early in the Tab order; saving the profile
// confirms with a toast.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { messages } from '@atr/shared';
import {
  VIEWPORTS,
  createUser,
  describeBrowser,
  launchBrowser,
  newContext,
  screenshotBoth,
  signIn,
  startApp,
  submitSignIn,
  type RunningApp,
  type TestUser,
} from './harness.ts';

describeBrowser('account details', () => {
  let app: RunningApp;
  let browser: Browser;
  let quinn: TestUser;

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    quinn = await createUser(app, 'Quinn A. Tester');
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('welcomes a brand-new user (not "back") and shows first-and-last initials', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, app, quinn);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toBe('Welcome, Quinn A. Tester');
    expect(await page.getByTestId('user-initials').textContent()).toBe('QT');
    await screenshotBoth(page, 'dashboard-first-visit');
    // Coming back is a return.
    await page.reload();
    await expect.poll(() => heading.textContent()).toBe('Welcome back, Quinn A. Tester');
    await context.close();
  });

  it('without "Remember me" keeps the session in every tab of the browser session, and not after it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await submitSignIn(page, quinn.email, quinn.password, false);
    await page.waitForURL(/\/app$/);
    // A new tab of the same browser session stays signed in.
    const tab = await context.newPage();
    await tab.goto(`${app.url}/app`);
    await tab.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(tab.url()).toMatch(/\/app$/);
    // A restarted browser keeps persistent storage but not session cookies: that session is over.
    const state = await context.storageState();
    const restarted = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
    });
    const later = await restarted.newPage();
    await later.goto(`${app.url}/app`);
    await later.waitForURL(/\/login$/);
    await restarted.close();
    // "Remember me" on survives the restart.
    const remembered = await newContext(browser);
    const p = await remembered.newPage();
    await p.goto(`${app.url}/login`);
    await submitSignIn(p, quinn.email, quinn.password, true);
    await p.waitForURL(/\/app$/);
    const s2 = await remembered.storageState();
    const again = await browser.newContext({
      viewport: VIEWPORTS.desktop,
      storageState: { ...s2, cookies: s2.cookies.filter((c) => c.expires > 0) },
    });
    const p2 = await again.newPage();
    await p2.goto(`${app.url}/app`);
    await p2.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(p2.url()).toMatch(/\/app$/);
    await again.close();
    await remembered.close();
    await context.close();
  });

  it('confirms a profile update with a toast', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, app, quinn);
    await page.goto(`${app.url}/app/account`);
    await page.getByLabel('Full Name').fill('Quinn Tester');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Profile updated' });
    await toast.waitFor();
    await screenshotBoth(page, 'account-profile-toast');
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  it('gives the 404 page its own title', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Page Not Found/);
    await context.close();
  });

  it('keeps the cookie banner off Create Account on a phone and early in the Tab order', async () => {
    const context = await newContext(browser, { cookieConsent: null, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${app.url}/signup`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    const create = page.getByRole('button', { name: 'Create Account' });
    // Wherever the page is scrolled, no visible part of Create Account is under the banner.
    for (const where of ['top', 'button', 'bottom'] as const) {
      if (where === 'button') await create.scrollIntoViewIfNeeded();
      else if (where === 'bottom')
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      const covered = await create.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const points: [number, number][] = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + 3, r.top + 3],
          [r.right - 3, r.top + 3],
          [r.left + 3, r.bottom - 3],
          [r.right - 3, r.bottom - 3],
        ];
        return points
          .filter(([, y]) => y >= 0 && y < window.innerHeight)
          .some(([x, y]) => !el.contains(document.elementFromPoint(x, y)));
      });
      expect(covered, `Create Account is partly covered (${where})`).toBe(false);
    }
    await screenshotBoth(page, 'signup-cookie-banner');
    // The banner's choices come within the first few Tab stops.
    await page.goto(`${app.url}/signup`);
    await banner.waitFor();
    let stops = 0;
    for (; stops < 8; stops++) {
      await page.keyboard.press('Tab');
      const inBanner = await banner.evaluate((el) => el.contains(document.activeElement));
      if (inBanner) break;
    }
    expect(stops + 1).toBeLessThanOrEqual(3);
    await context.close();
  });
});

describeBrowser('sign-up step 2', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('says "check your e-mail" once', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = `sam.single.${Date.now()}@example.com`;
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Full Name').fill('Sam Single');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm Password').fill('correct-horse-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain(email);
    expect(text).not.toContain(messages.account.confirmEmail);
    expect(text.match(/confirm/gi)?.length).toBe(1);
    await context.close();
  });
});
