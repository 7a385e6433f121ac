// Dashboard pagination state in the address (issue 13, item 4) in real Chromium: `?page=&per_page=` survives
// opening a report and coming Back, and the per-page choice stays on screen whenever there are more than 5
// reports, even when all of them fit on one page (27 at 50 per page). Queued reports say so (item 11).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  seedQueuedReports,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const REPORTS = 27;
const name = (i: number) => `Stateful project ${String(i).padStart(2, '0')}`;

describeBrowser('dashboard pagination in the address', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // No worker: every report stays queued, which is cheap and also shows the queued state.
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      WORKER_IN_PROCESS: 'false',
      USER_MAX_ACTIVE_REPORTS: '100',
    });
    browser = await launchBrowser();
    let user;
    ({ page, user } = await signUpAndSignIn(app, browser, 'Ada Address'));
    await seedQueuedReports(app, user, REPORTS, name);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const nav = () => page.getByRole('navigation', { name: 'Reports pages' });
  const perPage = () => nav().getByLabel('Reports per page');

  it('puts page and per-page in the address and keeps them on Back', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByTestId('total-reports').getByText(`Total reports: ${REPORTS}`).waitFor();
    await perPage().selectOption('5');
    await page.waitForURL(/\/app\?page=1&per_page=5$/);
    await nav().getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL(/\/app\?page=3&per_page=5$/);
    await page.getByText(name(17), { exact: true }).waitFor();
    // A queued report says so instead of "Processing 0%".
    const row = page.getByTestId('report-row').filter({ hasText: name(17) });
    expect(await row.getByTestId('status-badge').textContent()).toBe('Queued');
    expect(await row.textContent()).toContain(reportUiMessages.queuedHint);
    expect(await row.textContent()).not.toContain('0%');
    await screenshotBoth(page, 'dashboard-page-3-of-6');

    await page.getByRole('button', { name: `View ${name(17)}` }).click();
    await page.waitForURL(/\/app\/processing\//);
    await page.goBack();
    await page.waitForURL(/\/app\?page=3&per_page=5$/);
    await page.getByText(name(17), { exact: true }).waitFor();
    expect(await nav().getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(await perPage().inputValue()).toBe('5');

    // Back again walks the page history: page 1 at 5 per page.
    await page.goBack();
    await page.waitForURL(/\/app\?page=1&per_page=5$/);
    await page.getByText(name(27), { exact: true }).waitFor();

    // A reload of an address opens that page.
    await page.goto(`${app.url}/app?page=2&per_page=20`);
    await page.getByText(name(7), { exact: true }).waitFor();
    expect(await nav().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await perPage().inputValue()).toBe('20');
  });

  it('keeps the per-page selector at 50 per page, where all 27 reports fit on one page', async () => {
    await perPage().selectOption('50');
    await page.waitForURL(/\/app\?page=1&per_page=50$/);
    await page.getByText(name(27), { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(REPORTS);
    expect(await perPage().isVisible()).toBe(true);
    expect(
      await nav()
        .getByRole('button', { name: /^Page \d+$/ })
        .count(),
    ).toBe(0);
    // And the choice can be undone from there.
    await perPage().selectOption('10');
    await page.waitForURL(/\/app$/);
    await nav().getByRole('button', { name: 'Page 3' }).waitFor();
  });

  it('shows the last page for a page past the end', async () => {
    await page.goto(`${app.url}/app?page=9&per_page=10`);
    await page.waitForURL(/\/app\?page=3&per_page=10$/);
    await page.getByText(name(1), { exact: true }).waitFor();
  });
});
