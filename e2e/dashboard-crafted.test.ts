// The dashboard as a crafted list (issue 13, "Make it feel crafted") in real Chromium: dense rows whose actions
// show on hover and focus, a row menu that works from the keyboard, relative times with the exact time on hover,
// tabular figures, search and a status filter kept in the address and answered by the server, a branded
// confirmation instead of the browser's confirm(), and an optimistic delete with Undo that is sent only when
// the toast closes (or the page is left).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  seedQueuedReports,
  signUpAndSignIn,
  startApp,
  type RunningApp,
  type TestUser,
} from './harness.ts';

const names = ['Alpha Billing', 'Beta Search', 'Gamma Billing', 'Delta Mail', 'Epsilon Maps', 'Zeta Billing'];
const name = (i: number) => names[i - 1]!;

async function tokenOf(app: RunningApp, user: TestUser): Promise<string> {
  const r = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

describeBrowser('a crafted dashboard', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let token: string;
  const nativeDialogs: string[] = [];
  const deletes: string[] = [];

  beforeAll(async () => {
    // No worker: reports stay queued; two are cancelled through the API so the status filter has two kinds.
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      WORKER_IN_PROCESS: 'false',
      USER_MAX_ACTIVE_REPORTS: '100',
    });
    browser = await launchBrowser();
    ({ page, user } = await signUpAndSignIn(app, browser, 'Dora Dense'));
    await seedQueuedReports(app, user, names.length, name);
    token = await tokenOf(app, user);
    const list = (await (
      await fetch(`${app.url}/api/reports?per_page=50`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { reports: { id: string; name: string }[] };
    for (const r of list.reports.filter((x) => x.name === 'Delta Mail' || x.name === 'Zeta Billing')) {
      const res = await fetch(`${app.url}/api/cancel/${r.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
    }
    page.on('dialog', (d) => {
      nativeDialogs.push(d.message());
      void d.dismiss();
    });
    page.on('request', (r: Request) => {
      if (r.method() === 'DELETE') deletes.push(r.url());
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const rowOf = (n: string) =>
    page.getByTestId('report-row').filter({ has: page.getByRole('heading', { name: n, exact: true }) });

  it('shows dense rows with relative times, the exact time on hover, and tabular figures', async () => {
    await page.goto(`${app.url}/app`);
    await rowOf(name(1)).waitFor();
    const box = await rowOf(name(1)).boundingBox();
    expect(box!.height).toBeLessThanOrEqual(56);
    expect(box!.height).toBeGreaterThanOrEqual(40);
    const time = rowOf(name(1)).locator('time:visible');
    expect(await time.textContent()).toMatch(/^(just now|\d+ (seconds?|minutes?) ago)$/);
    const title = (await time.getAttribute('title')) ?? '';
    expect(title).toMatch(new RegExp(String(new Date().getFullYear())));
    expect(title).toMatch(/\d{1,2}:\d{2}/);
    expect(Date.parse((await time.getAttribute('datetime')) ?? '')).not.toBeNaN();
    expect(await rowOf(name(1)).evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain(
      'tabular-nums',
    );
    await screenshotBoth(page, 'dashboard-dense');
  });

  it('shows a row’s actions on hover and on keyboard focus only', async () => {
    await page.mouse.move(0, 0);
    const actions = rowOf(name(2)).getByTestId('row-actions');
    const opacity = () => actions.evaluate((el) => Number(getComputedStyle(el).opacity));
    await expect.poll(opacity).toBe(0);
    await rowOf(name(2)).hover();
    await expect.poll(opacity).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe(0);
    await rowOf(name(2))
      .getByRole('button', { name: `View ${name(2)}` })
      .focus();
    await expect.poll(opacity).toBe(1);
  });

  it('opens the row menu from the keyboard: Enter, arrows, Escape, focus back on the button', async () => {
    const trigger = rowOf(name(3)).getByRole('button', { name: `More actions for ${name(3)}` });
    await trigger.focus();
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${name(3)}` });
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const items = menu.getByRole('menuitem');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await focused()).toBe(await items.first().textContent());
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(await items.nth(1).textContent());
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(await items.first().textContent());
    await page.keyboard.press('End');
    expect(await focused()).toBe('Delete');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // Space opens it too.
    await page.keyboard.press(' ');
    await menu.waitFor();
    await screenshotBoth(page, 'dashboard-row-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('searches by project name and filters by status, in the address and on the server', async () => {
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('billing');
    await page.waitForURL(/[?&]q=billing/);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(3);
    expect(await page.getByTestId('total-reports').textContent()).toContain('3');
    await page.getByLabel('Status').selectOption('cancelled');
    await page.waitForURL(/status=cancelled/);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(1);
    await rowOf('Zeta Billing').waitFor();
    await screenshotBoth(page, 'dashboard-filtered');
    // The address alone restores the view.
    await page.goto(`${app.url}/app?status=processing`);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(4);
    expect(await page.getByLabel('Status').inputValue()).toBe('processing');
    // Nothing matches: a message that says so and a way to clear the search.
    await page.goto(`${app.url}/app?q=nothing-like-this`);
    await page.getByTestId('reports-no-match').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(/\/app$/);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(names.length);

    // The server filters (not the browser), validates the parameters, and sees only the caller's reports.
    const api = (q: string) =>
      fetch(`${app.url}/api/reports?${q}`, { headers: { authorization: `Bearer ${token}` } });
    const billing = (await (await api('q=BILL&status=processing')).json()) as {
      reports: { name: string }[];
      total_reports: number;
    };
    expect(billing.reports.map((r) => r.name).sort()).toEqual(['Alpha Billing', 'Gamma Billing']);
    expect(billing.total_reports).toBe(2);
    expect((await api('status=sleeping')).status).toBe(400);
    const percent = (await (await api('q=%25')).json()) as { total_reports: number };
    expect(percent.total_reports).toBe(0);
  });

  it('asks with a branded dialog, removes the row at once, and Undo brings it back without a DELETE', async () => {
    await page.goto(`${app.url}/app`);
    await rowOf(name(5)).waitFor();
    const total = () => page.getByTestId('total-reports').textContent();
    expect(await total()).toBe(`Total reports: ${names.length}`);
    await rowOf(name(5))
      .getByRole('button', { name: `More actions for ${name(5)}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(reportUiMessages.deleteConfirm(name(5)));
    // Focus starts on the safe choice and stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await screenshotBoth(page, 'dashboard-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await rowOf(name(5)).waitFor({ state: 'detached' });
    expect(await total()).toBe(`Total reports: ${names.length - 1}`);
    const toast = page.getByRole('status').filter({ hasText: reportUiMessages.deleted(name(5)) });
    await toast.waitFor();
    await screenshotBoth(page, 'dashboard-delete-undo-toast');
    expect(deletes).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await rowOf(name(5)).waitFor();
    expect(await total()).toBe(`Total reports: ${names.length}`);
    await page.waitForTimeout(6_500);
    expect(deletes).toEqual([]);
    expect(nativeDialogs).toEqual([]);
  });

  it('sends the DELETE when the toast closes, and the report stays gone', async () => {
    await rowOf(name(5))
      .getByRole('button', { name: `More actions for ${name(5)}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await rowOf(name(5)).waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    await page
      .getByRole('status')
      .filter({ hasText: reportUiMessages.deleted(name(5)) })
      .waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => deletes.length).toBe(1);
    await page.reload();
    await rowOf(name(4)).waitFor();
    expect(await rowOf(name(5)).count()).toBe(0);
    expect(await page.getByTestId('total-reports').textContent()).toBe(`Total reports: ${names.length - 1}`);
  });

  it('commits a pending delete when the user leaves the page', async () => {
    await rowOf(name(6))
      .getByRole('button', { name: `More actions for ${name(6)}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await rowOf(name(6)).waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL(/\/app\/upload$/);
    await expect.poll(() => deletes.length).toBe(2);
    await page.goto(`${app.url}/app`);
    await rowOf(name(4)).waitFor();
    expect(await rowOf(name(6)).count()).toBe(0);
    expect(nativeDialogs).toEqual([]);
  });
});
