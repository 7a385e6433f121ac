// Every screen at 1280×800 and 390×844 in real Chromium (screenshots into SCREENSHOT_DIR, for a person to look at),
// and what a machine can check on each: nothing is wider than a phone's screen (no sideways scrolling).
/// <reference lib="dom" />
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages, reportUiMessages } from '@atr/shared';
import {
  GENERIC_TEMPLATE,
  SAMPLE_APP,
  VIEWPORTS,
  createUser,
  describeBrowser,
  launchBrowser,
  newContext,
  screenshotBoth,
  seedQueuedReports,
  signIn,
  startApp,
  traversalZip,
  zipFolder,
  startHeldGithub,
  type HeldGithub,
  type RunningApp,
  type TestUser,
} from './harness.ts';
import { axeBothWidths } from './accessibility.ts';

describeBrowser('every screen, on a desktop and a phone', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: TestUser;
  let tmp: string;
  let reportId = '';
  let failedId = '';
  let github: HeldGithub;
  /** Screens wider than the phone, with by how many pixels. */
  const overflowing: string[] = [];
  /** What axe-core finds at the serious or critical level, screen by screen, at both widths. */
  const inaccessible: string[] = [];
  const screensChecked: string[] = [];

  /** How far the page is wider than a phone's screen, in CSS pixels (0: it fits). */
  async function phoneOverflow(p: Page): Promise<number> {
    const original = p.viewportSize();
    await p.setViewportSize(VIEWPORTS.phone);
    await p.waitForTimeout(150);
    const over = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (original) await p.setViewportSize(original);
    return over;
  }

  async function shoot(p: Page, name: string) {
    const over = await phoneOverflow(p);
    if (over > 0) overflowing.push(`${name}: ${over}px`);
    inaccessible.push(...(await axeBothWidths(p, name)));
    screensChecked.push(name);
    const [, phone] = await screenshotBoth(p, `screen-${name}`, { axe: false });
    // What a phone shows first, at full size: a full-page capture of a long page is hard to read.
    const original = p.viewportSize();
    await p.setViewportSize(VIEWPORTS.phone);
    await p.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await p.waitForTimeout(100);
    await p.screenshot({ path: phone!.replace(/\.png$/, '-first-screen.png') });
    if (original) await p.setViewportSize(original);
  }

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-gallery-'));
    await fs.writeFile(path.join(tmp, 'sample-app.zip'), await zipFolder(SAMPLE_APP));
    // A GitHub API that holds the archive back until released, so a report stays in its first step.
    github = await startHeldGithub();
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      JOBS_PER_USER: '4',
      GITHUB_API_BASE: github.url,
    });
    browser = await launchBrowser();
    user = await createUser(app, 'Quinn A. Tester');
    context = await newContext(browser, { acceptDownloads: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    github?.release();
    await browser?.close();
    await app?.stop();
    await github?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('public pages', async () => {
    // A first visit: the cookie banner shows, and on a phone it leaves the call to action visible.
    const fresh = await newContext(browser, {
      cookieConsent: null,
      viewport: VIEWPORTS.phone,
    });
    const visitor = await fresh.newPage();
    await visitor.goto(`${app.url}/`);
    await visitor.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await visitor
      .getByRole('button', { name: /reject/i })
      .first()
      .waitFor();
    await shoot(visitor, 'landing-cookie-banner');
    await fresh.close();

    for (const [name, url, ready] of [
      ['landing', '/', 'Get Started'],
      ['pricing', '/pricing', null],
      ['terms', '/terms-of-service', null],
      ['privacy', '/privacy-policy', null],
      ['cookies', '/cookies-policy', null],
      ['not-found', '/no-such-page', null],
    ] as const) {
      await page.goto(`${app.url}${url}`);
      if (ready) await page.getByRole('link', { name: ready }).first().waitFor();
      else await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shoot(page, name);
    }
  });

  it('sign-in, sign-up (both steps), reset and expired links', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'login');

    await page.goto(`${app.url}/signup`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'signup');

    await page.goto(`${app.url}/reset-password`);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    await shoot(page, 'reset-request');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();
    await shoot(page, 'reset-sent');

    // Where the auth service sends an expired or already used link.
    const expired =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    await page.goto(`${app.url}/auth/callback${expired}`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'login-link-expired');
    await page.goto(`${app.url}/reset-password${expired}`);
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'reset-link-expired');
  });

  it('sign-up step 2 (an app that asks for confirmation by e-mail)', async () => {
    const confirming = await startApp();
    try {
      const c = await newContext(browser);
      const p = await c.newPage();
      await p.goto(`${confirming.url}/signup`);
      await p.getByLabel('Full Name').fill('Sam Second-Step');
      await p.getByLabel('Email Address').fill(`sam.${Date.now()}@example.com`);
      await p.getByLabel('Password', { exact: true }).fill('correct-horse-1');
      await p.getByLabel('Confirm Password').fill('correct-horse-1');
      await p.getByRole('button', { name: 'Create Account' }).click();
      await p.getByRole('heading', { name: 'Check your email' }).waitFor();
      await shoot(p, 'signup-step-2');
      await c.close();
    } finally {
      await confirming.stop();
    }
  });

  it('dashboard (empty) and the upload form with its errors', async () => {
    await signIn(page, app, user);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByText(/No reports yet/i)
      .first()
      .waitFor();
    await shoot(page, 'dashboard-empty');

    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText(messages.validation.projectNameRequired).first().waitFor();
    await shoot(page, 'upload-errors');
    // Every file field with its file chosen: the names show in the pickers.
    await page
      .getByLabel('Project name')
      .fill('A Project Name Long Enough To Need Wrapping On A Phone Screen');
    await page.locator('input[name="projectFile"]').setInputFiles(path.join(tmp, 'sample-app.zip'));
    await page.locator('input[name="template"]').setInputFiles(GENERIC_TEMPLATE);
    await page.getByTestId('zip-chosen').waitFor();
    await shoot(page, 'upload-filled');

    // Signed in, the unknown page leads back to the dashboard as well as home.
    await page.goto(`${app.url}/app/no-such-screen`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await shoot(page, 'not-found-signed-in');
  });

  it('processing to the end, the report with its preview, payment success and cancel', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill('Sample App Technical Report');
    await page.locator('input[name="projectFile"]').setInputFiles(path.join(tmp, 'sample-app.zip'));
    await page.locator('input[name="template"]').setInputFiles(GENERIC_TEMPLATE);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    reportId = page.url().split('/').pop()!;
    await page.getByRole('link', { name: 'View & Download Report' }).waitFor({ timeout: 150_000 });
    await shoot(page, 'processing-done');

    await page.goto(`${app.url}/app/report/${reportId}`);
    await page.locator('[data-testid="preview-canvas"][data-rendered-page="1"]').waitFor({ timeout: 30_000 });
    await shoot(page, 'report-completed');

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('buy-word').click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /^Pay/ }).waitFor();
    await shoot(checkout, 'test-checkout');
    // On a phone the checkout card keeps a margin on both sides (it once ran edge to edge).
    await checkout.setViewportSize(VIEWPORTS.phone);
    const card = (await checkout.locator('main').boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(12);
    expect(card.x + card.width).toBeLessThanOrEqual(VIEWPORTS.phone.width - 12);
    await checkout.setViewportSize(VIEWPORTS.desktop);
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.getByText(reportUiMessages.paymentConfirmed).first().waitFor({ timeout: 15_000 });
    await shoot(checkout, 'payment-success');
    await checkout.close();
    await page.getByTestId('download-word').waitFor({ timeout: 30_000 });
    await shoot(page, 'report-word-bought');

    await page.goto(`${app.url}/purchase/cancel?reportId=${reportId}&format=latex`);
    await page.getByRole('heading', { name: reportUiMessages.paymentCancelledTitle }).waitFor();
    await shoot(page, 'payment-cancelled');
    // A full generation, then five screens each checked by axe at two widths.
  }, 300_000);

  it('a failed report, the dashboard with reports and its row menu open', async () => {
    await seedQueuedReports(app, user, 1, () => 'Refused Upload', await traversalZip());
    await page.goto(`${app.url}/app`);
    const row = page.getByTestId('report-row').filter({ hasText: 'Refused Upload' });
    await row.getByTestId('status-badge').getByText('Failed').waitFor({ timeout: 60_000 });
    failedId = (await row.getAttribute('data-report-id'))!;
    // The times form one column, whatever actions a row has (a completed row has its downloads too).
    const timeEdges = await page
      .getByTestId('report-row')
      .evaluateAll((rows) =>
        rows.map((r) =>
          Math.round(
            [...r.querySelectorAll('time')].find((t) => t.offsetParent)!.getBoundingClientRect().right,
          ),
        ),
      );
    expect(timeEdges.length).toBe(2);
    expect(new Set(timeEdges).size).toBe(1);
    await shoot(page, 'dashboard-reports');
    await row.getByRole('button', { name: 'More actions for Refused Upload' }).click();
    await page.getByRole('menu').waitFor();
    await screenshotBoth(page, 'screen-dashboard-row-menu', { axe: false });
    inaccessible.push(...(await axeBothWidths(page, 'dashboard-row-menu')));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shoot(page, 'dashboard-delete-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${app.url}/app/report/${failedId}`);
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'report-failed');
  });

  it('account: profile and downloads', async () => {
    await page.goto(`${app.url}/app/account`);
    await page.getByRole('tab', { name: 'Downloads' }).waitFor();
    await shoot(page, 'account-profile');
    await page.getByRole('tab', { name: 'Downloads' }).click();
    await page.getByTestId('purchase-row').first().waitFor();
    await shoot(page, 'account-downloads');
    // The phone menu, open.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({
      path: path.join(
        process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'atr-screenshots'),
        'screen-phone-menu.png',
      ),
    });
    await page.keyboard.press('Escape');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('processing: running, with the step log (a GitHub download held back)', async () => {
    const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { access_token } = (await session.json()) as { access_token: string };
    const form = new FormData();
    form.append('project_name', 'Held Back Project');
    form.append('project_source', 'github');
    form.append('codebase', 'https://github.com/acme/held-app');
    form.append('template', new File([await fs.readFile(GENERIC_TEMPLATE)], 'template.yaml'));
    const res = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { report_id } = (await res.json()) as { report_id: string };
    await page.goto(`${app.url}/app/processing/${report_id}`);
    await expect
      .poll(() => page.getByTestId('step-log-entry').first().textContent(), { timeout: 30_000 })
      .toContain('Downloading acme/held-app');
    await shoot(page, 'processing-running');
  });

  it('processing: queued and reconnecting (an app whose worker is elsewhere)', async () => {
    const queued = await startApp({ AUTH_AUTOCONFIRM: 'true', WORKER_IN_PROCESS: 'false' });
    try {
      const waiting = await createUser(queued, 'Wendy Waiting');
      await seedQueuedReports(queued, waiting, 1, () => 'Waiting In Line');
      const c = await newContext(browser);
      const p = await c.newPage();
      await signIn(p, queued, waiting);
      const row = p.getByTestId('report-row').filter({ hasText: 'Waiting In Line' });
      await row.getByRole('button', { name: 'View Waiting In Line' }).click();
      await p.waitForURL(/\/app\/processing\//);
      await p.getByTestId('processing-report-name').waitFor();
      await p.getByText(reportUiMessages.queuedTitle).first().waitFor();
      await shoot(p, 'processing-queued');
      await p.route('**/api/status/**', (route) => route.abort('connectionrefused'));
      await p.getByTestId('reconnecting').waitFor({ timeout: 30_000 });
      await shoot(p, 'processing-reconnecting');
      await c.close();
    } finally {
      await queued.stop();
    }
  });

  it('no screen is wider than a phone', () => {
    expect(overflowing).toEqual([]);
  });

  it('axe-core finds no serious or critical violation on any screen, at either width', () => {
    // Every screen of the product was checked (a journey above that stopped early would leave some out).
    for (const screen of [
      'landing-cookie-banner',
      'landing',
      'pricing',
      'terms',
      'privacy',
      'cookies',
      'not-found',
      'not-found-signed-in',
      'login',
      'signup',
      'signup-step-2',
      'reset-request',
      'reset-sent',
      'login-link-expired',
      'reset-link-expired',
      'dashboard-empty',
      'upload-errors',
      'upload-filled',
      'processing-running',
      'processing-done',
      'processing-queued',
      'processing-reconnecting',
      'report-completed',
      'test-checkout',
      'payment-success',
      'report-word-bought',
      'payment-cancelled',
      'dashboard-reports',
      'dashboard-delete-confirm',
      'report-failed',
      'account-profile',
      'account-downloads',
    ])
      expect(screensChecked).toContain(screen);
    expect(inaccessible).toEqual([]);
  });
});
