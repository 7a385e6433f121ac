// Issue 23, items 1–3, in real Chromium: a lost connection shows at once and clears itself; a status request that
// hangs ends in a message and another try; the processing page never goes backwards; an ended session sends the user
// to sign in and back to the form as they left it, checked before any upload; a fake or empty ZIP and a bad template
// are refused at their fields when chosen, and a field's error clears once it is valid.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import yazl from 'yazl';
import {
  connectionMessages,
  errorMessages,
  messages,
  reportUiMessages,
  uploadFormMessages,
} from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  seedQueuedReports,
  signUpAndSignIn,
  startApp,
  submitSignIn,
  type RunningApp,
  type TestUser,
} from './harness.ts';

const TEMPLATE = 'report_structure:\n  - title: Overview\n';
const BAD_TEMPLATE = 'report_structure:\n  - title: Overview\n  - sections: [Intro]\n';
const EMPTY_ARCHIVE = Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary');
const file = (name: string, mimeType: string, buffer: Buffer | string) => ({
  name,
  mimeType,
  buffer: typeof buffer === 'string' ? Buffer.from(buffer) : buffer,
});

async function tinyZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('export const add = (a, b) => a + b;\n'), 'src/add.js');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeBrowser('every state visible, no dead end on an ended session, errors where they happen', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: TestUser;
  let reportId: string;

  /** Ends every session of the user on the server, as signing out everywhere from another device does. */
  async function revokeSessions() {
    const res = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const out = await fetch(`${app.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(out.status).toBe(204);
  }

  async function reportIds(): Promise<string[]> {
    const res = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const list = await fetch(`${app.url}/api/reports?per_page=50`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const body = (await list.json()) as { reports: Array<{ id: string }> };
    return body.reports.map((r) => r.id);
  }

  beforeAll(async () => {
    // No worker: reports stay queued, so the processing page stays live for as long as a test needs.
    app = await startApp({ AUTH_AUTOCONFIRM: 'true', WORKER_IN_PROCESS: 'false' });
    browser = await launchBrowser();
    ({ page, user, context } = await signUpAndSignIn(app, browser, 'Stella States'));
    await seedQueuedReports(app, user, 1, () => 'Queued project', await tinyZip());
    reportId = (await reportIds())[0]!;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const processing = () => page.goto(`${app.url}/app/processing/${reportId}`);
  const heading = () => page.getByRole('heading', { level: 1 });

  it('offline: the processing page says so at once, Refresh does not spin, and it clears itself when back', async () => {
    await processing();
    await heading().getByText('Your report is queued').waitFor();
    await context.setOffline(true);
    // At once: from the browser's own event, not after requests have failed.
    const offline = page.getByTestId('offline');
    await offline.waitFor({ timeout: 2_000 });
    expect(await offline.textContent()).toContain(reportUiMessages.offline);
    expect(await page.getByTestId('reconnecting').count()).toBe(0);
    // The app-wide notice gives way to the page's own words: one notice, not two.
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    // Nothing to spin on: Refresh waits for the connection, which the notice explains.
    const refresh = page.getByRole('button', { name: 'Refresh Status' });
    expect(await refresh.isDisabled()).toBe(true);
    await screenshotBoth(page, 'processing-offline');

    await context.setOffline(false);
    await offline.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(await refresh.isEnabled()).toBe(true);
    expect(await heading().textContent()).toBe('Your report is queued');
  });

  it('offline anywhere else: a calm banner appears at once and goes by itself', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 2_000 });
    expect(await banner.textContent()).toContain(connectionMessages.offlineTitle);
    await screenshotBoth(page, 'dashboard-offline');
    await context.setOffline(false);
    await banner.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('a status request that hangs ends in a message and another try, never an endless spinner', async () => {
    await processing();
    await heading().getByText('Your report is queued').waitFor();
    // The server takes the request and never answers (a dead connection the browser has not noticed).
    await page.route('**/api/status/**', () => {});
    const refresh = page.getByRole('button', { name: 'Refresh Status' });
    await refresh.click();
    expect(await refresh.getAttribute('aria-busy')).toBe('true');
    // Given up after the time limit: a message (once), the spinner stops, and the poll tries again by itself.
    const message = page.getByTestId('reconnecting').or(page.getByTestId('refresh-note'));
    await message.waitFor({ timeout: 15_000 });
    await expect.poll(() => refresh.getAttribute('aria-busy'), { timeout: 2_000 }).toBeNull();
    expect(await refresh.isEnabled()).toBe(true);
    expect(await page.getByTestId('refresh-note').count()).toBe(0);
    // The last known state stays; nothing says the report failed.
    expect(await heading().textContent()).toBe('Your report is queued');
    await screenshotBoth(page, 'processing-status-timeout');
    // The server answers again: Refresh works and the note goes.
    await page.unroute('**/api/status/**');
    await refresh.click();
    await message.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(await heading().textContent()).toBe('Your report is queued');
  });

  it('never goes backwards: nothing is shown as running before the first answer says the report is queued', async () => {
    // An earlier visit left a progress record that says "Initializing" (as the page used to show from it).
    await page.evaluate((id) => {
      const now = Date.now();
      localStorage.setItem(
        `atr_processing_${id}`,
        JSON.stringify({ startedAt: now - 5_000, stepIndex: 0, stepStartedAt: now - 5_000, progress: 3 }),
      );
    }, reportId);
    // Every heading and step label the page shows, in order, from its first frame.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const h1 = document.querySelector('main h1')?.textContent ?? '';
        const step = document.querySelector('[data-testid="pipeline-step"]')?.textContent ?? '';
        const frame = `${h1} | ${step}`;
        if (h1 && seen.at(-1) !== frame) seen.push(frame);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // A slow network: the status answer takes 4 s.
    await page.route('**/api/status/**', async (route) => {
      await new Promise((r) => setTimeout(r, 4_000));
      await route.fallback();
    });
    await processing();
    await heading().getByText(reportUiMessages.checkingProgress).waitFor();
    await screenshotBoth(page, 'processing-checking');
    await heading().getByText('Your report is queued').waitFor();
    await page.unroute('**/api/status/**');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((f) => f.startsWith(reportUiMessages.checkingProgress))).toBe(true);
    expect(seen.filter((f) => /Generating your report|In Progress/.test(f))).toEqual([]);
  });

  it('never goes backwards: an answer behind the one shown (a slow or stale request) leaves the page where it is', async () => {
    // The first answer says the analysis runs; every later one is behind it, as a request that set out earlier, or
    // a server that has not caught up, would answer.
    let answers = 0;
    await page.route('**/api/status/**', (route) => {
      answers += 1;
      const ahead = answers === 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          state: 'processing',
          progress: ahead ? 30 : 0,
          step: ahead ? 'ai_code_analysis' : 'queued',
          error: null,
          step_log: [],
        }),
      });
    });
    await processing();
    await heading().getByText('Generating your report').waitFor();
    const analysis = page.getByTestId('pipeline-step').filter({ hasText: 'AI Code Analysis' });
    await analysis.getByText('In Progress').waitFor();
    // Two more polls (5 s apart) and a Refresh, all behind: nothing moves back.
    await page.getByRole('button', { name: 'Refresh Status' }).click();
    await expect.poll(() => answers, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await heading().textContent()).toBe('Generating your report');
    expect(await analysis.textContent()).toContain('In Progress');
    expect(await page.getByText(reportUiMessages.queuedTitle, { exact: true }).count()).toBe(0);
    await page.unroute('**/api/status/**');
    // The progress this test left in storage is not the queued report's own.
    await page.evaluate((id) => localStorage.removeItem(`atr_processing_${id}`), reportId);
  });

  it('an API 401 (session ended elsewhere) sends the user to sign in, with a message, and back', async () => {
    await processing();
    await heading().getByText('Your report is queued').waitFor();
    await revokeSessions();
    // The next poll is refused.
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await page.getByTestId('session-ended').getByText(errorMessages.sessionEnded).waitFor();
    await screenshotBoth(page, 'login-session-ended');
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL(new RegExp(`/app/processing/${reportId}$`));
    await heading().getByText('Your report is queued').waitFor();
  });

  it('an ended session is found before the upload, and the form comes back as it was left', async () => {
    const before = await reportIds();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/generate')) uploads.push(r.url());
    });
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill('Kept across sign-in');
    await page.getByLabel('Company name').fill('Acme Kept');
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles(file('kept.zip', 'application/zip', await tinyZip()));
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('kept.yaml', 'application/yaml', TEMPLATE));
    await revokeSessions();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
    await page.getByTestId('session-ended').waitFor();
    // Nothing was uploaded, no report was made, and no "Failed to generate report".
    expect(uploads).toEqual([]);
    expect(await reportIds()).toEqual(before);
    expect(await page.locator('body').textContent()).not.toMatch(/Failed to generate|must be authenticated/);

    await submitSignIn(page, user.email, user.password);
    await page.waitForURL(/\/app\/upload$/);
    expect(await page.getByLabel('Project name').inputValue()).toBe('Kept across sign-in');
    expect(await page.getByLabel('Company name').inputValue()).toBe('Acme Kept');
    // The browser cannot keep the files across a sign-in: it says so, naming them.
    const notice = page.getByTestId('files-not-kept');
    expect(await notice.textContent()).toBe(uploadFormMessages.filesNotKept('kept.zip, kept.yaml'));
    await screenshotBoth(page, 'upload-restored-after-sign-in');
    await page
      .locator('input[name="projectFile"]')
      .setInputFiles(file('kept.zip', 'application/zip', await tinyZip()));
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('kept.yaml', 'application/yaml', TEMPLATE));
    await notice.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    // Named from the first frame: the upload passes the name along.
    expect(await page.getByTestId('processing-report-name').textContent()).toBe('Kept across sign-in');
    // A finished upload forgets the draft.
    await page.goto(`${app.url}/app/upload`);
    expect(await page.getByLabel('Project name').inputValue()).toBe('');
  });

  it('a fake or empty ZIP and a bad template are refused at their fields when chosen; errors clear once valid', async () => {
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/generate')) uploads.push(r.url());
    });
    await page.goto(`${app.url}/app/upload`);
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    const zipInput = page.locator('input[name="projectFile"]');
    const zipError = page.getByTestId('zip-error');

    await zipInput.setInputFiles(file('fake.zip', 'application/zip', 'this is not a zip archive'));
    await zipError.getByText(uploadFormMessages.zipNotZip).waitFor();
    await zipInput.setInputFiles(file('empty.zip', 'application/zip', EMPTY_ARCHIVE));
    await zipError.getByText(uploadFormMessages.zipNoFiles).waitFor();
    await zipInput.setInputFiles(file('nothing.zip', 'application/zip', Buffer.alloc(0)));
    await zipError.getByText(uploadFormMessages.zipEmptyFile).waitFor();
    // A refused file is not marked as chosen and fine (no check mark beside its error).
    const zipPicker = page.locator('[data-file-picker="projectFile"]');
    expect(await zipPicker.getAttribute('data-state')).toBe('refused');

    await page
      .locator('input[name="template"]')
      .setInputFiles(file('bad.yaml', 'application/yaml', BAD_TEMPLATE));
    const templateError = page.getByTestId('template-error');
    await templateError.waitFor();
    // The server's own parser and words, with the line, shown at the template field.
    expect(await templateError.textContent()).toMatch(/^Line 3: chapter 2 needs a title/);
    expect(await page.getByTestId('template-error-line').textContent()).toContain('- sections: [Intro]');

    // Submitting sends nothing and says nothing about generating.
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText(messages.validation.projectNameRequired).waitFor();
    await screenshotBoth(page, 'upload-file-errors');
    expect(uploads).toEqual([]);
    expect(await page.locator('main').textContent()).not.toMatch(/Failed to generate/);

    // Each error clears as soon as its field is valid.
    await page.getByLabel('Project name').fill('Now valid');
    await page.getByText(messages.validation.projectNameRequired).waitFor({ state: 'hidden' });
    await zipInput.setInputFiles(file('good.zip', 'application/zip', await tinyZip()));
    await zipError.waitFor({ state: 'hidden' });
    expect(await zipPicker.getAttribute('data-state')).toBe('chosen');
    await page
      .locator('input[name="template"]')
      .setInputFiles(file('good.yaml', 'application/yaml', TEMPLATE));
    await templateError.waitFor({ state: 'hidden' });
    await page.getByText(uploadFormMessages.templateOk(1)).waitFor();
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText(messages.validation.companyEmailInvalid).waitFor();
    await page.getByLabel('E-mail').fill('info@acme.example');
    await page.getByText(messages.validation.companyEmailInvalid).waitFor({ state: 'hidden' });
    expect(uploads).toEqual([]);
  });
});
