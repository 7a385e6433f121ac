// The dashboard's pagination (spec §2) in real Chromium: Previous/Next, at most 5 page buttons, the
// 5/10/20/50 per-page choice, and only that choice when everything fits on one page.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  describeBrowser,
  launchBrowser,
  seedQueuedReports,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const REPORTS = 12;
const name = (i: number) => `Paged project ${String(i).padStart(2, '0')}`;

describeBrowser('dashboard pagination', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // WORKER_IN_PROCESS=false keeps every report "processing": cheap to create, nothing runs.
    // Above the default cap of 5 reports being generated at once, which these 12 queued reports would hit.
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      WORKER_IN_PROCESS: 'false',
      USER_MAX_ACTIVE_REPORTS: '100',
    });
    browser = await launchBrowser();
    let user;
    ({ page, user } = await signUpAndSignIn(app, browser, 'Ada Pages'));
    await seedQueuedReports(app, user, REPORTS, name);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const nav = () => page.getByRole('navigation', { name: 'Reports pages' });
  const pageButtons = () => nav().getByRole('button', { name: /^Page \d+$/ });
  const listed = async () =>
    (await page.getByTestId('reports-list').locator('li').allTextContents()).map(
      (t) => t.match(/Paged project \d\d/)?.[0],
    );
  const perPage = (n: number) => nav().getByLabel('Reports per page').selectOption(String(n));

  it('shows 10 per page with 2 page buttons; Previous is disabled on page 1 and Next opens page 2', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByTestId('total-reports').getByText(`Total reports: ${REPORTS}`).waitFor();
    await nav().waitFor();
    expect(await pageButtons().allTextContents()).toEqual(['1', '2']);
    expect(await nav().getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await nav().getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await nav().getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    // Newest first: 12 down to 3 on page 1.
    expect(await listed()).toEqual(Array.from({ length: 10 }, (_, i) => name(REPORTS - i)));
    await screenshotBoth(page, 'dashboard-pagination-page1');

    await nav().getByRole('button', { name: 'Next' }).click();
    await page.getByText(name(1)).waitFor();
    expect(await listed()).toEqual([name(2), name(1)]);
    expect(await nav().getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await nav().getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await nav().getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);
    await screenshotBoth(page, 'dashboard-pagination-page2');

    await nav().getByRole('button', { name: 'Previous' }).click();
    await page.getByText(name(REPORTS)).waitFor();
    expect(await nav().getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  });

  it('shows 3 page buttons at 5 per page, back on page 1, and a page button jumps to its page', async () => {
    await nav().getByRole('button', { name: 'Next' }).click();
    await page.getByText(name(2)).waitFor();
    await perPage(5);
    await page.getByText(name(8), { exact: true }).waitFor();
    expect(await pageButtons().allTextContents()).toEqual(['1', '2', '3']);
    expect(await nav().getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await listed()).toEqual([12, 11, 10, 9, 8].map(name));
    expect(await nav().getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await nav().getByRole('button', { name: 'Page 3' }).click();
    await page.getByText(name(1)).waitFor();
    expect(await listed()).toEqual([name(2), name(1)]);
    expect(await nav().getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshotBoth(page, 'dashboard-pagination-5-per-page');
  });

  it('shows only the per-page choice at 20 per page, where all 12 reports fit', async () => {
    await perPage(20);
    await page.getByText(name(REPORTS)).waitFor();
    await page.getByRole('button', { name: 'Previous' }).waitFor({ state: 'detached' });
    expect(await listed()).toHaveLength(REPORTS);
    expect(await nav().getByLabel('Reports per page').inputValue()).toBe('20');
    expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(0);
    await screenshotBoth(page, 'dashboard-pagination-one-page');
  });
});
