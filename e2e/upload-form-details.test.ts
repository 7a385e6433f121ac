// The upload form's details in real Chromium (issue 13, items 7 and 9): GitHub's current token formats,
// a refused logo that stays refused, focus on the first invalid field, and checked company e-mail and website,
// in the form and on the server (one shared schema).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import yazl from 'yazl';
import { messages, uploadMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
  type TestUser,
} from './harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TEMPLATE = 'report_structure:\n  - title: Overview\n';
/** A small real project: the form checks a ZIP's first bytes, and refuses an archive with no files. */
async function tinyZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('export const add = (a, b) => a + b;\n'), 'src/add.js');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const file = (name: string, mimeType: string, buffer: Buffer | string) => ({
  name,
  mimeType,
  buffer: Buffer.from(buffer),
});
const b62 = (n: number) => 'aZ09'.repeat(Math.ceil(n / 4)).slice(0, n);
const FINE_GRAINED = `github_pat_${b62(22)}_${b62(59)}`;

describeBrowser('upload form details', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;

  beforeAll(async () => {
    // No worker: accepted reports stay queued, so nothing reaches out to GitHub.
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      WORKER_IN_PROCESS: 'false',
      USER_MAX_ACTIVE_REPORTS: '20',
    });
    browser = await launchBrowser();
    ({ page, user } = await signUpAndSignIn(app, browser, 'Linus Forms'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const submit = () => page.getByRole('button', { name: 'Generate Report' }).click();
  const focusedName = () =>
    page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName);
  const open = async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
  };
  const fillValid = async () => {
    await page.getByLabel('Project name').fill('Form details');
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles(file('project.zip', 'application/zip', await tinyZip()));
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('report.yaml', 'application/yaml', TEMPLATE));
  };

  it('moves the focus to the first invalid field on submit', async () => {
    await open();
    await submit();
    await page.getByText(messages.validation.projectNameRequired).waitFor();
    expect(await focusedName()).toBe('projectName');
    await page.getByLabel('Project name').fill('Focus');
    await submit();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'projectFile');
    await fillValid();
    await page.getByLabel('E-mail').fill('not an e-mail');
    await page.getByLabel('Website').fill('not a website');
    await submit();
    await page.getByText(messages.validation.companyEmailInvalid).waitFor();
    await page.getByText(messages.validation.companyWebsiteInvalid).waitFor();
    expect(await focusedName()).toBe('companyData.email');
    expect(page.url()).toMatch(/\/app\/upload$/);
    await screenshotBoth(page, 'upload-company-errors');
  });

  it('keeps a refused logo and its error until the logo is replaced; never uploads without it', async () => {
    await open();
    await fillValid();
    await page
      .locator('input[name="company_logo"]')
      .setInputFiles(file('logo.pdf', 'application/pdf', '%PDF-1.4'));
    await page.getByTestId('company_logo-error').getByText(messages.validation.logoType).waitFor();
    await submit();
    // Still refused after the submit: the report is not created without the logo the user chose.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'company_logo');
    expect(await page.getByTestId('company_logo-error').textContent()).toBe(messages.validation.logoType);
    expect(await page.getByTestId('company_logo-chosen').textContent()).toBe('logo.pdf');
    expect(page.url()).toMatch(/\/app\/upload$/);
    await screenshotBoth(page, 'upload-logo-refused');
    await page.locator('input[name="company_logo"]').setInputFiles(file('logo.png', 'image/png', PNG));
    expect(await page.getByTestId('company_logo-error').count()).toBe(0);
    expect(await page.getByTestId('company_logo-chosen').textContent()).toBe('logo.png');
    // Remove clears it, as an explicit choice.
    await page.getByRole('button', { name: /^Remove company logo/ }).click();
    expect(await page.getByTestId('company_logo-chosen').textContent()).toBe('No file chosen');
  });

  it("puts the server's refusal of a logo it cannot decode on the logo field until the logo is replaced", async () => {
    await open();
    await fillValid();
    // Named and typed as a PNG, so only the server's decoding can tell.
    await page
      .locator('input[name="company_logo"]')
      .setInputFiles(file('broken.png', 'image/png', 'this is not a PNG at all'));
    await submit();
    const outcome = await Promise.race([
      page
        .getByTestId('company_logo-error')
        .getByText(uploadMessages.logoNotImage)
        .waitFor({ timeout: 20_000 })
        .then(() => 'field'),
      page.waitForURL(/\/app\/processing\//, { timeout: 20_000 }).then(() => 'accepted'),
      page
        .getByRole('alert')
        .first()
        .waitFor({ timeout: 20_000 })
        .then(async () => `alert: ${await page.getByRole('alert').first().textContent()}`),
    ]);
    expect(outcome).toBe('field');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'company_logo');
    expect(page.url()).toMatch(/\/app\/upload$/);
    // Submitting the same file again is stopped in the browser, with the same message.
    await submit();
    expect(await page.getByTestId('company_logo-error').textContent()).toBe(uploadMessages.logoNotImage);
    await screenshotBoth(page, 'upload-logo-refused-by-server');
    await page.locator('input[name="company_logo"]').setInputFiles(file('logo.png', 'image/png', PNG));
    expect(await page.getByTestId('company_logo-error').count()).toBe(0);
    await submit();
    await page.waitForURL(/\/app\/processing\//);
  });

  it('accepts a fine-grained github_pat_ token and the gho_/ghu_/ghs_/ghr_ kinds', async () => {
    for (const token of [FINE_GRAINED, 'ghs_' + b62(36)]) {
      await open();
      await page.getByRole('tab', { name: 'GitHub' }).click();
      await page.getByLabel('Project name').fill('Token kinds');
      await page.getByLabel('GitHub repository URL').fill('https://github.com/octo/private-thing');
      await page
        .locator('input[name="template"]')
        .setInputFiles(file('report.yaml', 'application/yaml', TEMPLATE));
      await page.getByLabel('GitHub token (optional)').fill(token);
      await submit();
      await page.waitForURL(/\/app\/processing\//);
    }
  });

  it('the server applies the same rules to the token, the e-mail and the website', async () => {
    const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { access_token } = (await session.json()) as { access_token: string };
    const post = async (fields: Record<string, string>, token?: string) => {
      const form = new FormData();
      form.append('project_name', 'Server rules');
      form.append('project_source', 'github');
      form.append('codebase', 'https://github.com/octo/private-thing');
      form.append('template', new File([TEMPLATE], 'template.yaml', { type: 'application/x-yaml' }));
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const headers: Record<string, string> = { authorization: `Bearer ${access_token}` };
      if (token) headers['x-github-token'] = token;
      const res = await fetch(`${app.url}/api/generate`, { method: 'POST', headers, body: form });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    };
    for (const prefix of ['gho_', 'ghu_', 'ghr_'])
      expect((await post({}, prefix + b62(36))).status).toBe(200);
    expect((await post({}, FINE_GRAINED)).status).toBe(200);
    expect(await post({}, 'ghp_' + b62(10))).toMatchObject({
      status: 400,
      body: { message: messages.validation.githubTokenInvalid },
    });
    expect(await post({ 'companyData.email': 'nobody' })).toMatchObject({
      status: 400,
      body: { message: messages.validation.companyEmailInvalid },
    });
    expect(await post({ 'companyData.website': 'javascript:alert(1)' })).toMatchObject({
      status: 400,
      body: { message: messages.validation.companyWebsiteInvalid },
    });
    expect(
      (await post({ 'companyData.email': 'ada@acme.com', 'companyData.website': 'acme.com' })).status,
    ).toBe(200);
  });
});
