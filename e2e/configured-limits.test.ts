// The upload form checks files against the limits the operator configured (not the defaults), in the words the
// server would use, before anything is sent: a ZIP, a template's size and headings, a logo and the images.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { engineMessages, formatLimit, uploadFormMessages, uploadMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const ZIP_LIMIT = 2048;
const LOGO_LIMIT = 4096;
const file = (name: string, mimeType: string, buffer: Buffer | string) => ({
  name,
  mimeType,
  buffer: Buffer.from(buffer),
});

describeBrowser('upload limits the operator configured', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let uploads = 0;

  beforeAll(async () => {
    app = await startApp({
      AUTH_AUTOCONFIRM: 'true',
      UPLOAD_MAX_ZIP_BYTES: String(ZIP_LIMIT),
      UPLOAD_MAX_LOGO_BYTES: String(LOGO_LIMIT),
      UPLOAD_MAX_IMAGES: '1',
      TEMPLATE_MAX_HEADINGS: '3',
    });
    browser = await launchBrowser();
    ({ page } = await signUpAndSignIn(app, browser, 'Ada Lovelace'));
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/reports') uploads++;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('refuses each file over its configured limit at its field, and sends nothing', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    await page.getByLabel('Project name').fill('Limits');
    // 3 KB: under the default 200 MB, over this operator's 2 KB
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'binary'), Buffer.alloc(3000)]);
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles(file('project.zip', 'application/zip', zip));
    await page.getByText(uploadFormMessages.zipTooLarge('2.93 KB', '2.00 KB')).waitFor();

    const fourHeadings = 'report_structure:\n  - title: Overview\n    sections: [Purpose, Users, Scope]\n';
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('template.yaml', 'application/yaml', fourHeadings));
    await page
      .getByText(engineMessages.templateTooManyHeadings(4, 3, '1 chapter, 3 sections and 0 subsections'))
      .waitFor();

    await page
      .locator('input[name="company_logo"]')
      .setInputFiles(file('logo.png', 'image/png', Buffer.alloc(LOGO_LIMIT + 1)));
    await page.getByText(uploadMessages.logoTooLarge(formatLimit(LOGO_LIMIT))).waitFor();

    await page
      .locator('input[name="images"]')
      .setInputFiles([file('a.png', 'image/png', 'x'), file('b.png', 'image/png', 'y')]);
    await page.getByText(uploadMessages.tooManyImages(1)).waitFor();
    await screenshotBoth(page, 'upload-configured-limits');

    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText(uploadMessages.tooManyImages(1)).waitFor();
    expect(uploads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/upload');
  });
});
