// Every validation message of the upload form (spec §5) in real Chromium, plus tab switching, drag and drop and the help modal.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages, uploadFormMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const file = (name: string, mimeType: string, buffer: Buffer | string) => ({
  name,
  mimeType,
  buffer: Buffer.from(buffer),
});

describeBrowser('upload form validation', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    ({ page } = await signUpAndSignIn(app, browser, 'Grace Hopper'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const submit = () => page.getByRole('button', { name: 'Generate Report' }).click();
  const text = async () => (await page.locator('form').textContent()) ?? '';

  it('requires the project name, the ZIP and the template', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    await submit();
    await page.getByText(messages.validation.projectNameRequired).waitFor();
    expect(await text()).toContain(messages.validation.zipRequired);
    expect(await text()).toContain(messages.validation.templateRequired);
    // A name of spaces is still empty after trimming.
    await page.getByLabel('Project name').fill('   ');
    await submit();
    await page.getByText(messages.validation.projectNameRequired).waitFor();
    expect(await page.getByLabel('Project name').getAttribute('aria-invalid')).toBe('true');
    await screenshotBoth(page, 'upload-required');
  });

  it('rejects a non-ZIP project and a non-YAML template', async () => {
    await page.locator('input[name="projectFile"]').setInputFiles(file('notes.txt', 'text/plain', 'hello'));
    await page.getByText(messages.validation.zipType).waitFor();
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('template.json', 'application/json', '{}'));
    await page.getByText(messages.validation.templateType).waitFor();
    await submit();
    expect(await text()).toContain(messages.validation.zipType);
    expect(await text()).toContain(messages.validation.templateType);
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('report.yml', 'application/yaml', 'report_structure: []'));
    expect(await text()).not.toContain(messages.validation.templateType);
  });

  it('drag and drop takes the first .zip', async () => {
    await page.locator('[data-testid="zip-drop-zone"]').evaluate((zone) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x'], 'readme.md', { type: 'text/markdown' }));
      dt.items.add(new File(['PK'], 'project.zip', { type: 'application/zip' }));
      dt.items.add(new File(['PK'], 'second.zip', { type: 'application/zip' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.getByTestId('zip-chosen').getByText('project.zip').waitFor();
    expect(await text()).not.toContain(messages.validation.zipType);
  });

  it('skips non-images with a notice and refuses a non-image logo', async () => {
    await page
      .locator('input[name="images"]')
      .setInputFiles([file('diagram.png', 'image/png', PNG), file('notes.txt', 'text/plain', 'x')]);
    await page.getByText(messages.validation.imagesSkipped).waitFor();
    expect(await page.getByTestId('images-chosen').textContent()).toBe('diagram.png');
    await page.locator('input[name="company_logo"]').setInputFiles(file('logo.txt', 'text/plain', 'x'));
    await page.getByText(messages.validation.logoType).waitFor();
    await page.locator('input[name="company_logo"]').setInputFiles(file('logo.png', 'image/png', PNG));
    expect(await text()).not.toContain(messages.validation.logoType);
    await screenshotBoth(page, 'upload-files');
  });

  it('GitHub: URL required and well-formed, token rules; switching tabs clears the ZIP and the GitHub errors', async () => {
    await page.getByRole('tab', { name: 'GitHub' }).click();
    await submit();
    await page.getByText(messages.validation.githubUrlRequired).waitFor();
    await page.getByLabel('GitHub repository URL').fill('not a repository');
    await page.getByLabel('GitHub token (optional)').fill('short');
    await submit();
    await page.getByText(messages.validation.githubUrlInvalid).waitFor();
    await page.getByText(messages.validation.githubTokenInvalid).waitFor();
    await page.getByLabel('GitHub repository URL').fill('https://github.com/octo/hello-world');
    // 20+ characters but neither ghp_ nor 40 long.
    await page.getByLabel('GitHub token (optional)').fill('x'.repeat(25));
    await submit();
    await page.getByText(messages.validation.githubTokenInvalid).waitFor();
    expect(await text()).not.toContain(messages.validation.githubUrlInvalid);
    await screenshotBoth(page, 'upload-github-errors');
    await page.getByRole('tab', { name: 'ZIP file' }).click();
    // The ZIP chosen by drag and drop is gone, so it is required again.
    expect(await page.getByTestId('zip-chosen').count()).toBe(0);
    await page.getByRole('tab', { name: 'GitHub' }).click();
    expect(await text()).not.toContain(messages.validation.githubTokenInvalid);
    await page.getByRole('tab', { name: 'ZIP file' }).click();
    await submit();
    await page.getByText(messages.validation.zipRequired).waitFor();
  });

  it('explains the YAML structure and serves the generic template', async () => {
    await page.getByRole('button', { name: 'YAML structure help' }).click();
    const dialog = page.getByRole('dialog', { name: 'YAML template structure' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('report_structure');
    await screenshotBoth(page, 'upload-yaml-help');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const href = await page
      .getByRole('link', { name: 'Download generic_template.yaml' })
      .first()
      .getAttribute('href');
    const res = await fetch(`${app.url}${href}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('report_structure');
  });

  it('refuses a fake ZIP at its field before anything is uploaded, never as "Failed to generate report"', async () => {
    const uploads: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/generate') && uploads.push(r.url())));
    await page.getByLabel('Project name').fill('Broken upload');
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles(file('project.zip', 'application/zip', 'this is not a zip archive'));
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('report.yaml', 'application/yaml', 'report_structure:\n  - title: Intro\n'));
    await page.getByTestId('zip-error').getByText(uploadFormMessages.zipNotZip).waitFor();
    await submit();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'projectFile');
    expect(uploads).toEqual([]);
    expect(await text()).not.toContain('Failed to generate report');
  });

  it('Cancel goes back to the dashboard', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/app$/);
  });
});
