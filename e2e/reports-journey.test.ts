// The report lifecycle in real Chromium: upload the sample project as a ZIP, watch progress, preview 5 pages, delete;
// a failed report's modal, cancel, and the GitHub tab against a loopback server that serves zipballs like the GitHub API.
/// <reference lib="dom" />
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages, reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  GENERIC_TEMPLATE as TEMPLATE,
  launchBrowser,
  SAMPLE_APP,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  traversalZip,
  zipFolder,
  type RunningApp,
} from './harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describeBrowser('reports journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let tmp: string;
  let github: http.Server;
  const githubHits: string[] = [];
  let releaseSlow: () => void = () => {};
  const slowGate = new Promise<void>((r) => (releaseSlow = r));

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const sampleZip = await zipFolder(SAMPLE_APP);
    await fs.writeFile(path.join(tmp, 'sample-app.zip'), sampleZip);
    await fs.writeFile(path.join(tmp, 'evil.zip'), await traversalZip());
    await fs.writeFile(path.join(tmp, 'logo.png'), PNG);
    const zipball = await zipFolder(SAMPLE_APP, 'acme-sample-app-0a1b2c3/');
    github = http.createServer((req, res) => {
      githubHits.push(req.url ?? '');
      if (req.url === '/repos/acme/sample-app/zipball')
        res.writeHead(302, { location: '/codeload/acme-sample-app.zip' }).end();
      // Holds the archive back until the test releases it, so a report stays processing for as long as needed.
      else if (req.url === '/repos/acme/slow-app/zipball')
        void slowGate.then(() =>
          res
            .writeHead(200, { 'content-type': 'application/zip', 'content-length': zipball.length })
            .end(zipball),
        );
      else if (req.url === '/codeload/acme-sample-app.zip')
        res
          .writeHead(200, { 'content-type': 'application/zip', 'content-length': zipball.length })
          .end(zipball);
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    });
    await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      GITHUB_API_BASE: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    });
    browser = await launchBrowser();
    let context;
    ({ context, page } = await signUpAndSignIn(app, browser, 'Ada Lovelace'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  });
  afterAll(async () => {
    releaseSlow();
    await browser?.close();
    await app?.stop();
    await new Promise((r) => github?.close(r));
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  async function fillUpload(name: string, zip: string) {
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill(name);
    await page.locator('input[name="projectFile"]').setInputFiles(path.join(tmp, zip));
    await page.locator('input[name="template"]').setInputFiles(TEMPLATE);
  }

  const rowOf = (name: string) =>
    page.getByTestId('report-row').filter({ has: page.getByRole('heading', { name, exact: true }) });

  it('starts empty', async () => {
    await page.getByTestId('reports-empty').getByText(messages.report.empty).waitFor();
    await screenshotBoth(page, 'dashboard-empty');
  });

  let reportId = '';
  it('uploads the sample project with a logo and company details and watches it complete', async () => {
    await fillUpload('Sample App', 'sample-app.zip');
    await page.locator('input[name="company_logo"]').setInputFiles(path.join(tmp, 'logo.png'));
    await page.getByLabel('Company name').fill('Acme S.r.l.');
    await page.getByLabel('VAT number').fill('IT01234567890');
    await page.getByLabel('Address').fill('Via Roma 1, Milano');
    await page.getByLabel('Phone').fill('+39 02 1234 5678');
    await page.getByLabel('E-mail').fill('info@acme.example');
    await page.getByLabel('Website').fill('https://acme.example');
    await screenshotBoth(page, 'upload-filled');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\/[0-9a-f-]{36}$/);
    reportId = page.url().split('/').pop()!;
    await page.getByTestId('pipeline-step').first().waitFor();
    expect(await page.getByTestId('pipeline-step').count()).toBe(5);
    // The page names the report.
    await page.getByTestId('processing-report-name').getByText('Sample App').waitFor();
    await screenshotBoth(page, 'processing');
    await page.getByRole('link', { name: 'View & Download Report' }).waitFor({ timeout: 150_000 });
    expect(await page.getByTestId('progress-percent').textContent()).toBe('100%');
    const states = await page.getByTestId('pipeline-step').allTextContents();
    expect(states.every((s) => s.endsWith('Complete'))).toBe(true);
    // The animation cache of a finished report is replaced by the completed flag.
    const stored = await page.evaluate((id) => localStorage.getItem(`atr_processing_${id}`), reportId);
    expect(JSON.parse(stored ?? '{}').completed).toBe(true);
    await screenshotBoth(page, 'processing-complete');
  });

  it('lists it on the dashboard with its prices', async () => {
    await page.goto(`${app.url}/app`);
    const row = rowOf('Sample App');
    await row.getByTestId('status-badge').getByText('Completed').waitFor();
    expect(await page.getByTestId('total-reports').textContent()).toBe('Total reports: 1');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('generic_template.yaml');
    await row.getByRole('button', { name: 'Word (4.99 EUR)' }).waitFor();
    await row.getByRole('button', { name: 'LaTeX (7.99 EUR)' }).waitFor();
    await screenshotBoth(page, 'dashboard-list');
  });

  it('opens the report: 5 preview pages that turn and zoom', async () => {
    await rowOf('Sample App').getByRole('button', { name: 'View Sample App' }).click();
    await page.waitForURL(new RegExp(`/app/report/${reportId}$`));
    await page.getByRole('heading', { name: 'Sample App', level: 1 }).waitFor();
    await page.getByTestId('preview-page').getByText('Page 1 of 5').waitFor({ timeout: 30_000 });
    const canvas = page.getByTestId('preview-canvas');
    await expect.poll(() => canvas.getAttribute('data-rendered-page'), { timeout: 15_000 }).toBe('1');
    // Something was drawn: the page is not blank white.
    const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await screenshotBoth(page, 'report');
    await page.getByRole('button', { name: 'Previous page' }).isDisabled();
    for (let n = 2; n <= 5; n++) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByTestId('preview-page').getByText(`Page ${n} of 5`).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await expect.poll(() => canvas.getAttribute('data-rendered-page')).toBe('5');
    const before = await canvas.evaluate((c: HTMLCanvasElement) => c.width);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByTestId('preview-zoom').getByText('120%').waitFor();
    await expect.poll(() => canvas.getAttribute('data-rendered-zoom')).toBe('120');
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(before);
    // 120% → 100 → 80 → 60 → 50: the last step stops at the minimum.
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByTestId('preview-zoom').getByText('50%').waitFor();
    expect(await page.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(true);
    // No more than 5 pages reach the browser.
    const preview = await page.evaluate(async (id) => {
      const token = JSON.parse(
        localStorage.getItem('atr-auth') ?? sessionStorage.getItem('atr-auth') ?? '{}',
      ).access_token;
      const r = await fetch(`/api/reports/${id}/preview`, { headers: { Authorization: `Bearer ${token}` } });
      return r.json();
    }, reportId);
    expect(preview.pages).toBeLessThanOrEqual(5);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.url}/app/report/${reportId}`,
    );
  });

  it('a report that fails in the engine opens the failure modal from the dashboard', async () => {
    await fillUpload('Evil Zip', 'evil.zip');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    await page.getByRole('heading', { name: 'Processing Failed' }).waitFor({ timeout: 60_000 });
    const error = (await page.getByTestId('processing-error').textContent()) ?? '';
    expect(error.length).toBeGreaterThan(10);
    expect(error).not.toMatch(/\n\s+at /);
    await screenshotBoth(page, 'processing-failed');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const row = rowOf('Evil Zip');
    await row.getByTestId('status-badge').getByText('Failed').waitFor();
    await row.getByRole('button', { name: 'View Evil Zip' }).click();
    const dialog = page.getByRole('dialog', { name: messages.report.failureModalTitle });
    await dialog.waitFor();
    expect(await dialog.getByTestId('failure-message').textContent()).toBe(error);
    await screenshotBoth(page, 'dashboard-failure-modal');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Keyboard: Enter opens it, Escape closes it, and focus goes back to the button that opened it.
    const view = row.getByRole('button', { name: 'View Evil Zip' });
    const viewHasFocus = () => view.evaluate((el) => el === document.activeElement);
    expect(await viewHasFocus()).toBe(true);
    await view.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await viewHasFocus()).toBe(true);
    await view.click();
    await dialog.getByRole('link', { name: 'Generate New Report' }).click();
    await page.waitForURL(/\/app\/upload$/);
  });

  it('processing controls: Refresh Status, Continue in Background, View from the dashboard, then Cancel', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill('Cancel Me');
    await page.getByRole('tab', { name: 'GitHub' }).click();
    await page.getByLabel('GitHub repository URL').fill('https://github.com/acme/slow-app');
    await page.locator('input[name="template"]').setInputFiles(TEMPLATE);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    const id = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await page.getByTestId('pipeline-step').first().getByText('In Progress').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Generating your report');
    // The start time is kept per report, so a reload continues the animation.
    const stored = JSON.parse(
      (await page.evaluate((rid) => localStorage.getItem(`atr_processing_${rid}`), id)) ?? '{}',
    );
    expect(typeof stored.startedAt).toBe('number');
    await page.getByRole('link', { name: 'Continue in Background' }).click();
    await page.waitForURL(/\/app$/);
    const row = rowOf('Cancel Me');
    await row.getByTestId('status-badge').getByText('Processing').waitFor();
    await row.getByRole('progressbar').waitFor();
    await screenshotBoth(page, 'dashboard-processing');
    await row.getByRole('button', { name: 'View Cancel Me' }).click();
    await page.waitForURL(new RegExp(`/app/processing/${id}$`));
    await page.getByRole('button', { name: 'Cancel Generation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Keep Processing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel Generation' }).click();
    await screenshotBoth(page, 'processing-cancel-confirm');
    await dialog.getByRole('button', { name: 'Yes, Cancel' }).click();
    await page.waitForURL(/\/app\/upload$/);
    expect(await page.evaluate((rid) => localStorage.getItem(`atr_processing_${rid}`), id)).toBeNull();
    releaseSlow();
    await page.goto(`${app.url}/app`);
    await expect
      .poll(async () => rowOf('Cancel Me').getByTestId('status-badge').textContent(), { timeout: 30_000 })
      .toBe('Cancelled');
  });

  it('generates from a GitHub repository through the configured API base', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill('From GitHub');
    await page.getByRole('tab', { name: 'GitHub' }).click();
    await page.getByLabel('GitHub repository URL').fill('https://github.com/acme/sample-app');
    await page.locator('input[name="template"]').setInputFiles(TEMPLATE);
    await screenshotBoth(page, 'upload-github');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    await page.getByRole('link', { name: 'View & Download Report' }).waitFor({ timeout: 150_000 });
    expect(githubHits).toContain('/repos/acme/sample-app/zipball');
  });

  it('deletes a report after confirmation: the row goes and the total drops', async () => {
    await page.goto(`${app.url}/app`);
    await rowOf('Sample App').waitFor();
    const totalBefore = Number((await page.getByTestId('total-reports').textContent())?.replace(/\D/g, ''));
    await rowOf('Sample App').getByRole('button', { name: 'More actions for Sample App' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(reportUiMessages.deleteConfirm('Sample App'));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await rowOf('Sample App').waitFor({ state: 'detached' });
    expect(await page.getByTestId('total-reports').textContent()).toBe(`Total reports: ${totalBefore - 1}`);
    // The delete is sent when the Undo toast closes.
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.ok());
    await page
      .getByRole('status')
      .filter({ hasText: reportUiMessages.deleted('Sample App') })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
    await deleted;
    await page.goto(`${app.url}/app/report/${reportId}`);
    await page.getByRole('heading', { name: messages.report.notFoundTitle }).waitFor({ timeout: 15_000 });
    await screenshotBoth(page, 'report-not-found');
  });
});
