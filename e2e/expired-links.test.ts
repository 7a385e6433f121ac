// Expired or already-used e-mail links (issue 13, item 2) in real Chromium: the auth service redirects them with
// `#error=access_denied&error_code=otp_expired`; the confirmation lands on sign-in and the reset on the reset
// screen, each saying what happened and offering a new link, which then works.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { linkMessages, messages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  newContext,
  screenshotBoth,
  startApp,
  submitSignIn,
  type OutboxMail,
  type RunningApp,
} from './harness.ts';

const linkOf = (mail: OutboxMail) => mail.links.find((l) => /verify/.test(l)) ?? mail.links[0]!;
/** Uses a link outside the browser, as a mail scanner or an earlier click would. */
const consume = async (link: string) => expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);

describeBrowser('expired or used e-mail links', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const email = `late.${Date.now()}@example.com`;
  const password = 'late-password-1';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a used confirmation link says so on sign-in, where signing in is the next step', async () => {
    const res = await fetch(
      `${app.url}/auth/v1/signup?redirect_to=${encodeURIComponent(`${app.url}/auth/callback`)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, data: { full_name: 'Late Larry' } }),
      },
    );
    expect(res.status).toBe(200);
    const first = linkOf(await app.waitForMail(email, /confirm/i));
    // Confirmed elsewhere first (a mail scanner, another device); this click is the second use.
    await consume(first);
    await page.goto(first);
    await page.waitForURL(/\/login$/);
    const alert = page.getByRole('alert').filter({ hasText: linkMessages.confirmationExpiredTitle });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(linkMessages.confirmationExpired);
    expect(page.url()).not.toContain('error=');
    await screenshotBoth(page, 'login-confirmation-link-expired');
    // This account is confirmed already: signing in is the next step, and it works.
    await submitSignIn(page, email, password);
    await page.waitForURL(/\/app$/);
  });

  it('an unconfirmed account gets a new confirmation link from sign-in, and the new link signs in', async () => {
    const other = `pending.${Date.now()}@example.com`;
    await fetch(`${app.url}/auth/v1/signup?redirect_to=${encodeURIComponent(`${app.url}/auth/callback`)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: other, password, data: { full_name: 'Pending Pat' } }),
    });
    const stale = linkOf(await app.waitForMail(other, /confirm/i));
    const context = await newContext(browser);
    const fresh = await context.newPage();
    // The link expired: the fragment error is what the server sends for both cases.
    await fresh.goto(
      `${app.url}/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
    await fresh.getByRole('alert').filter({ hasText: linkMessages.confirmationExpiredTitle }).waitFor();
    await fresh.getByLabel('Email Address').fill(other);
    await fresh.getByRole('button', { name: linkMessages.sendConfirmation }).click();
    await fresh.getByText(linkMessages.confirmationSent(other)).waitFor();
    await expect.poll(async () => (await app.readOutbox()).filter((m) => m.to === other).length).toBe(2);
    const renewed = linkOf(await app.waitForMail(other, /confirm/i));
    expect(renewed).not.toBe(stale);
    await fresh.goto(renewed);
    await fresh.waitForURL(/\/app$/);
    await context.close();
  });

  it('signing in unconfirmed offers the same new link', async () => {
    const other = `unconfirmed.${Date.now()}@example.com`;
    await fetch(`${app.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: other, password }),
    });
    const context = await newContext(browser);
    const p = await context.newPage();
    await p.goto(`${app.url}/login`);
    await submitSignIn(p, other, password);
    await p.getByText(messages.login.emailNotConfirmed).waitFor();
    await p.getByRole('button', { name: linkMessages.sendConfirmation }).waitFor();
    await context.close();
  });

  it('a used password-reset link says so on the reset screen and the form sends a new one', async () => {
    const res = await fetch(
      `${app.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${app.url}/reset-password`)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      },
    );
    expect(res.status).toBe(200);
    const link = linkOf(await app.waitForMail(email, /reset|password/i));
    await consume(link);
    const context = await newContext(browser);
    const p = await context.newPage();
    await p.goto(link);
    await p.waitForURL(/\/reset-password$/);
    const alert = p.getByRole('alert').filter({ hasText: linkMessages.resetExpiredTitle });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(linkMessages.resetExpired);
    await screenshotBoth(p, 'reset-link-expired');
    const before = (await app.readOutbox()).filter((m) => m.to === email).length;
    await p.getByLabel('Email Address').fill(email);
    await p.getByRole('button', { name: 'Send Reset Link' }).click();
    await p.getByText(messages.account.mailSent).waitFor();
    await expect
      .poll(async () => (await app.readOutbox()).filter((m) => m.to === email).length)
      .toBe(before + 1);
    expect(await p.getByRole('alert').filter({ hasText: linkMessages.resetExpiredTitle }).count()).toBe(0);
    await context.close();
  });

  it('a used password-reset link opened while signed in says so and asks for the current password', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    await p.goto(`${app.url}/login`);
    await submitSignIn(p, email, password);
    await p.waitForURL(/\/app/);
    const resets = async () =>
      (await app.readOutbox()).filter((m) => m.to === email && /reset|password/i.test(m.subject));
    const before = (await resets()).length;
    const res = await fetch(
      `${app.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${app.url}/reset-password`)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      },
    );
    expect(res.status).toBe(200);
    await expect.poll(async () => (await resets()).length).toBe(before + 1);
    const link = linkOf((await resets()).at(-1)!);
    await consume(link);
    await p.goto(link);
    await p.waitForURL(/\/reset-password$/);
    const alert = p.getByRole('alert').filter({ hasText: linkMessages.resetExpiredTitle });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(linkMessages.resetExpiredSignedIn);
    // the link granted nothing: changing the password still needs the current one
    await p.getByLabel('Current Password').waitFor();
    // Signed in, the way out leads to the dashboard, not to a sign-in the user does not need.
    expect(await p.getByRole('link', { name: 'Back to sign in' }).count()).toBe(0);
    await p.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await screenshotBoth(p, 'reset-link-used-signed-in');
    await context.close();
  });
});
