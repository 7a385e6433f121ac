// The upload form's cost estimate with a language model configured (issue 12): the browser reads the
// chosen ZIP's listing from its central directory and the estimate rests on the product sources in
// it, not on the archive's size; what the form shows is the server's answer for that listing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { estimateFromListing, parseAiConfig, parseTemplate } from '@atr/engine';
import {
  describeBrowser,
  launchBrowser,
  SAMPLE_APP,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
  type TestUser,
  zipFolder,
} from './harness.ts';

const TEMPLATE = 'report_structure:\n  - title: Overview\n  - title: Architecture\n  - title: Security\n';
const AI = { AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4.1-mini', AI_API_KEY: 'sk-e2e-not-used' };

describeBrowser('upload form: the cost estimate from the archive’s listing', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;

  // a loopback GitHub API answering the tree listing of one repository
  let github: http.Server;
  const TREE = [
    { path: 'src/server.ts', type: 'blob', size: 48_000 },
    { path: 'src/routes', type: 'tree' },
    { path: 'src/routes/users.ts', type: 'blob', size: 32_000 },
    { path: 'test/server.test.ts', type: 'blob', size: 40_000 },
  ];

  beforeAll(async () => {
    github = http.createServer((req, res) => {
      if (req.url === '/repos/acme/widget/git/trees/HEAD?recursive=1')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tree: TREE }));
      else res.writeHead(404).end('{"message":"Not Found"}');
    });
    await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
    const GITHUB_API_BASE = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
    // nothing is generated here: no worker, and the model is never asked
    app = await startApp({ AUTH_AUTOCONFIRM: 'true', WORKER_IN_PROCESS: 'false', GITHUB_API_BASE, ...AI });
    browser = await launchBrowser();
    ({ page, user } = await signUpAndSignIn(app, browser, 'Ada Estimate'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await new Promise((r) => github?.close(r));
  });

  it('sends the ZIP’s paths and sizes and shows the estimate for its product sources', async () => {
    const zip = await zipFolder(SAMPLE_APP);
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    await page
      .locator('input[name="template"]')
      .setInputFiles({ name: 'report.yaml', mimeType: 'application/yaml', buffer: Buffer.from(TEMPLATE) });
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/estimate') && (r.request().postData() ?? '').includes('"files"'),
    );
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles({ name: 'sample-app.zip', mimeType: 'application/zip', buffer: zip });
    const response = await answered;
    const body = JSON.parse(response.request().postData()!) as {
      files: [string, number][];
      zipBytes: number;
    };
    expect(body.zipBytes).toBe(zip.length);
    expect(body.files.some(([p]) => p.endsWith('src/services/loan-service.ts'))).toBe(true);
    const answer = (await response.json()) as { totalTokens: number; reading: { files: number } };
    // the server planned exactly what the engine plans for that listing
    const expected = estimateFromListing(
      body.files.map(([path, size]) => ({ path, size })),
      parseTemplate(TEMPLATE),
      parseAiConfig({ provider: 'openai', model: 'gpt-4.1-mini', apiKey: 'k' }),
    );
    expect(answer.totalTokens).toBe(expected.totalTokens);
    expect(answer.reading.files).toBeGreaterThan(0);
    const shown = `About ${(Math.round(answer.totalTokens / 1000) * 1000).toLocaleString('en')} tokens on gpt-4.1-mini`;
    await page.getByTestId('cost-estimate').getByText(shown).waitFor();

    // the archive's size alone would have given another figure
    const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { access_token } = (await session.json()) as { access_token: string };
    const bySize = await fetch(`${app.url}/api/estimate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ template: TEMPLATE, zipBytes: zip.length }),
    });
    expect(((await bySize.json()) as { totalTokens: number }).totalTokens).not.toBe(answer.totalTokens);
    await screenshotBoth(page, 'upload-cost-estimate');
  });

  it('estimates a GitHub repository from its listing once the address is typed', async () => {
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    await page
      .locator('input[name="template"]')
      .setInputFiles({ name: 'report.yaml', mimeType: 'application/yaml', buffer: Buffer.from(TEMPLATE) });
    // before any code base is chosen the form says its figure is for a typical one
    await page.getByTestId('cost-estimate').getByText('This assumes a typical code base').waitFor();
    await page.getByRole('tab', { name: 'GitHub' }).click();
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/estimate') && (r.request().postData() ?? '').includes('"github"'),
    );
    await page.locator('input[name="githubUrl"]').fill('https://github.com/acme/widget');
    const response = await answered;
    expect(JSON.parse(response.request().postData()!)).toMatchObject({
      github: { url: 'https://github.com/acme/widget' },
    });
    const answer = (await response.json()) as {
      totalTokens: number;
      basis: string;
      reading: { files: number };
    };
    expect(answer.basis).toBe('listing');
    expect(answer.reading.files).toBe(2); // the two product sources; the test file is not read
    const shown = `About ${(Math.round(answer.totalTokens / 1000) * 1000).toLocaleString('en')} tokens on gpt-4.1-mini`;
    await page.getByTestId('cost-estimate').getByText(shown).waitFor();
    expect(await page.getByTestId('cost-estimate').textContent()).not.toContain('typical');
  });
});
