// Form validation of the sign-in, sign-up and reset screens, with the spec's texts, shown where the user looks.
/// <reference lib="dom" />
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { messages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  newContext,
  screenshotBoth,
  startApp,
  type RunningApp,
} from './harness.ts';

describeBrowser('auth screens: validation', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const alertText = async (p: Page) => (await p.getByRole('alert').first().textContent())?.trim();

  it('login: both fields are required; the password can be shown', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText(page)).toBe(messages.validation.fillAllFields);
    await page.getByLabel('Email Address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText(page)).toBe(messages.validation.fillAllFields);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('checkbox', { name: 'Remember me' }).waitFor();
    await screenshotBoth(page, 'login-error');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/reset-password$/);
  });

  it('signup: required fields, matching passwords, minimum length', async () => {
    await page.goto(`${app.url}/signup`);
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    expect(await alertText(page)).toBe(messages.validation.fillAllFields);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await submit.click();
    expect(await alertText(page)).toBe(messages.validation.passwordsDoNotMatch);
    // The message is also tied to the field it is about.
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abc');
    await submit.click();
    expect(await alertText(page)).toBe(messages.validation.passwordTooShort);
    await screenshotBoth(page, 'signup-error');
  });

  it('signup shows the server price table, not the spec text 4.99 PDF / 6.99 Word', async () => {
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Word 4.99 EUR');
    expect(text).toContain('LaTeX 7.99 EUR');
    expect(text).not.toContain('6.99');
  });

  it('reset: the e-mail is required and must look like one', async () => {
    await page.goto(`${app.url}/reset-password`);
    const submit = page.getByRole('button', { name: 'Send Reset Link' });
    await submit.click();
    expect(await alertText(page)).toBe(messages.validation.emailRequired);
    await page.getByLabel('Email Address').fill('not-an-email');
    await submit.click();
    expect(await alertText(page)).toBe(messages.validation.invalidEmail);
    await screenshotBoth(page, 'reset-error');
  });

  it('an unknown page says so', async () => {
    await page.goto(`${app.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshotBoth(page, 'not-found');
  });
});
