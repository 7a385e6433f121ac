// End-to-end harness: starts the app the way `npm start` does (built web app, server, in-process worker)
// on a free port with a temporary DATA_DIR, and launches Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import yazl from 'yazl';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { axeFindings } from './accessibility.ts';
import { VIEWPORTS } from './viewports.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const browserAvailable = fs.existsSync(CHROMIUM);
if (!browserAvailable) {
  if (process.env.CI)
    throw new Error(`Chromium is required for the browser tests but was not found at ${CHROMIUM}.`);
  console.warn(
    `\n!!! Chromium not found at ${CHROMIUM}: BROWSER TESTS ARE SKIPPED. Install Debian's chromium to run them.\n`,
  );
}

/** `describe` when Chromium is present, a loud skip otherwise (never under CI: the import above throws). */
export const describeBrowser = browserAvailable ? describe : describe.skip;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  createdAt?: string;
}

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  logs: () => string;
  readOutbox(): Promise<OutboxMail[]>;
  /** Waits until a mail to `to` whose subject matches arrives, and returns it. */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<OutboxMail>;
  stop(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built; the e2e global setup builds it (npm run build).');
  }
  const port = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atr-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start-up:\n${output}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const readOutbox = async (): Promise<OutboxMail[]> => {
    const dir = path.join(dataDir, 'outbox');
    const names = fs.existsSync(dir)
      ? (await fsp.readdir(dir)).filter((n) => n.endsWith('.json')).sort()
      : [];
    return Promise.all(
      names.map(async (n) => JSON.parse(await fsp.readFile(path.join(dir, n), 'utf8')) as OutboxMail),
    );
  };
  return {
    url,
    port,
    dataDir,
    logs: () => output,
    readOutbox,
    async waitForMail(to, subject, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const mails = (await readOutbox()).filter(
          (m) => m.to === to && (!subject || subject.test(m.subject)),
        );
        const last = mails[mails.length - 1];
        if (last) return last;
        if (Date.now() > end) throw new Error(`No mail to ${to} matching ${subject ?? 'anything'} arrived.`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export { VIEWPORTS };

/**
 * Saves a full-page screenshot at both widths into SCREENSHOT_DIR (or a temp folder) and returns the paths. Every
 * screen a journey looks at is also read by axe-core at both widths, and a serious or critical finding fails the
 * journey there (issue 23: no screen may have one); `axe: false` leaves that to a caller that gathers findings.
 */
export async function screenshotBoth(
  page: Page,
  name: string,
  { axe = true }: { axe?: boolean } = {},
): Promise<string[]> {
  const dir = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'atr-screenshots');
  await fsp.mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  const findings: string[] = [];
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // From the top: a full-page capture of a scrolled page draws the sticky header over the middle of the page.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(150);
    const file = path.join(dir, `${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
    if (axe) for (const f of await axeFindings(page)) findings.push(`${name} @${label}: ${f}`);
  }
  if (original) await page.setViewportSize(original);
  if (findings.length)
    throw new Error(`axe-core finds serious or critical violations:\n${findings.join('\n')}`);
  return files;
}

/**
 * A browser context at desktop width with the cookie choice already made, so the banner does not cover
 * forms in screenshots; pass `cookieConsent: null` to see the banner.
 */
export async function newContext(
  browser: Browser,
  {
    cookieConsent = 'rejected',
    ...options
  }: BrowserContextOptions & { cookieConsent?: 'accepted' | 'rejected' | null } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...options });
  if (cookieConsent)
    await context.addInitScript(
      (choice) => localStorage.setItem('atr_cookie_consent', choice),
      cookieConsent,
    );
  return context;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

/** Registers a user through the auth API; the app must run with AUTH_AUTOCONFIRM=true so no mail is needed. */
export async function createUser(
  app: RunningApp,
  fullName: string,
  password = 'correct-horse-1',
): Promise<TestUser> {
  const email = `${fullName.toLowerCase().replace(/[^a-z]+/g, '.')}.${Date.now()}@example.com`;
  const res = await fetch(`${app.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data: { full_name: fullName } }),
  });
  if (!res.ok) throw new Error(`Sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  return { email, password, fullName };
}

/** Fills in the login form on the current page and submits it, with "Remember me" as asked (on by default). */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  remember = true,
): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const box = page.getByRole('checkbox', { name: 'Remember me' });
  if ((await box.isChecked()) !== remember) await box.click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, app: RunningApp, user: TestUser): Promise<void> {
  await page.goto(`${app.url}/login`);
  await submitSignIn(page, user.email, user.password);
  await page.waitForURL(/\/app$/);
}

/** The start of every signed-in journey: a new user, a fresh browser context, and a page on the dashboard. */
export async function signUpAndSignIn(
  app: RunningApp,
  browser: Browser,
  fullName: string,
  contextOptions: Parameters<typeof newContext>[1] = {},
): Promise<{ user: TestUser; context: BrowserContext; page: Page }> {
  const user = await createUser(app, fullName);
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  await signIn(page, app, user);
  return { user, context, page };
}

/**
 * Creates `count` reports for a user through the API, one at a time so the newest-first order is known.
 * With the worker off (WORKER_IN_PROCESS=false) they stay queued and their empty ZIP is never opened.
 */
export async function seedQueuedReports(
  app: RunningApp,
  user: TestUser,
  count: number,
  name: (i: number) => string,
  /** The project ZIP; an empty one by default. */
  zip: Buffer = Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary'),
): Promise<void> {
  const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!session.ok) throw new Error(`Sign-in of ${user.email} failed: ${session.status}`);
  const { access_token } = (await session.json()) as { access_token: string };
  for (let i = 1; i <= count; i++) {
    const form = new FormData();
    form.append('project_name', name(i));
    form.append('project_source', 'zip');
    form.append('codebase', new File([new Uint8Array(zip)], 'project.zip', { type: 'application/zip' }));
    form.append(
      'template',
      new File(['report_structure:\n  - title: Overview\n'], 'template.yaml', { type: 'application/x-yaml' }),
    );
    const res = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
      body: form,
    });
    if (res.status !== 200) throw new Error(`Creating report ${i} failed: ${res.status} ${await res.text()}`);
  }
}

export const SAMPLE_APP = path.join(ROOT, 'packages/engine/test/fixtures/sample-app');
export const GENERIC_TEMPLATE = path.join(ROOT, 'packages/engine/templates/generic_template.yaml');

/** Zips a folder (with an optional prefix on every path, as GitHub's zipballs have). */
export async function zipFolder(dir: string, prefix = ''): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const walk = async (d: string): Promise<void> => {
    for (const e of await fsp.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) zip.addFile(full, prefix + path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  await walk(dir);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Uploads the engine's sample project through the upload form and waits until the report is completed (the
 * worker must run in-process). Returns the report's id.
 */
export async function generateSampleReport(page: Page, app: RunningApp, name: string): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'atr-sample-'));
  try {
    const zipPath = path.join(dir, 'sample-app.zip');
    await fsp.writeFile(zipPath, await zipFolder(SAMPLE_APP));
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill(name);
    await page.locator('input[name="projectFile"]').setInputFiles(zipPath);
    await page.locator('input[name="template"]').setInputFiles(GENERIC_TEMPLATE);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    const id = page.url().split('/').pop()!;
    await page.getByRole('link', { name: 'View & Download Report' }).waitFor({ timeout: 150_000 });
    return id;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Buys one format of the open report page through the built-in test checkout (a new tab), and waits until this
 * page offers its download.
 */
export async function buyWithTestCheckout(page: Page, format: 'word' | 'latex'): Promise<void> {
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId(`buy-${format}`).click(),
  ]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await checkout.getByText('Payment confirmed').waitFor({ timeout: 15_000 });
  await checkout.close();
  await page.getByTestId(`download-${format}`).waitFor({ timeout: 30_000 });
}

/** A loopback GitHub API serving the sample app as acme/held-app, holding its archive back until released. */
export interface HeldGithub {
  /** The API base for GITHUB_API_BASE. */
  url: string;
  /** Lets the held download (and any later one) answer. */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldGithub(): Promise<HeldGithub> {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const zipball = await zipFolder(SAMPLE_APP, 'acme-held-app-0a1b2c3/');
  const server = http.createServer((req, res) => {
    if (req.url === '/repos/acme/held-app/zipball')
      void gate.then(() =>
        res
          .writeHead(200, { 'content-type': 'application/zip', 'content-length': zipball.length })
          .end(zipball),
      );
    else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release: () => release(),
    close: () => {
      release();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** A ZIP whose entry climbs out of the extraction folder, which the engine refuses: a report that fails. */
export async function traversalZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('console.log(1)\n'), 'src/index.js');
  zip.addBuffer(Buffer.from('owned\n'), 'xx/evil.txt');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const buf = Buffer.concat(chunks);
  // yazl refuses such names, so the bytes are patched after.
  const from = Buffer.from('xx/evil.txt');
  const to = Buffer.from('../evil.txt');
  for (let i = buf.indexOf(from); i !== -1; i = buf.indexOf(from, i + 1)) to.copy(buf, i);
  return buf;
}
