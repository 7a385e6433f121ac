// A visitor browses the public site in real Chromium: landing, pricing, the three legal pages, cookie consent, guard.
/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PricingSchema, PublicConfigSchema, formatPrice, type Pricing, type PublicConfig } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from './harness.ts';

describeBrowser('public site', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pricing: Pricing;
  let config: PublicConfig;

  beforeAll(async () => {
    // A non-default price proves the screens read the server's table rather than the fallbacks.
    app = await startApp({ PRICE_WORD_CENTS: '599', PRICE_LATEX_CENTS: '899' });
    browser = await launchBrowser();
    pricing = PricingSchema.parse(await (await fetch(`${app.url}/api/pricing`)).json());
    config = PublicConfigSchema.parse(await (await fetch(`${app.url}/api/config`)).json());
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('landing shows the product, the claims, three testimonials and the server prices', async () => {
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /branded technical report/i,
    );
    await screenshotBoth(page, 'landing');
    for (const claim of ['50+', '90%', 'Under 10 min'])
      await page.getByText(claim, { exact: true }).waitFor();
    await page.getByText('Average processing', { exact: true }).waitFor();
    expect(await page.getByText('Progress and time estimates from real runs').count()).toBe(0);
    expect(await page.locator('figure blockquote').count()).toBe(3);
    expect(pricing.word.amount).toBe(599);
    await page.getByTestId('price-word').getByText(formatPrice(599).split(' ')[0]!).waitFor();
    await page.getByTestId('price-latex').getByText('8.99').waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Pricing', 'Sign in', 'Get Started'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
  });

  it('remembers the cookie choice across reloads', async () => {
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('atr_cookie_consent'))).toBe('rejected');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
  });

  it('footer links to pricing, the legal pages, and the configured About and Contact pages', async () => {
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: /^About/ }).getAttribute('href')).toBe(config.links.about);
    expect(await footer.getByRole('link', { name: /^Contact/ }).getAttribute('href')).toBe(
      config.links.contact,
    );
    await footer.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(/\/pricing$/);
  });

  it('pricing shows both cards, a keyboard-operable FAQ and a call to action to sign up', async () => {
    await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
    await page.getByTestId('price-card-word').waitFor();
    await page.getByTestId('price-card-latex').waitFor();
    const question = page.getByRole('button', { name: 'Is generating a report really free?' });
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Generating a report and reading the first 5 pages').waitFor();
    await screenshotBoth(page, 'pricing');
    await page.getByRole('link', { name: 'Get Started' }).last().click();
    await page.waitForURL(/\/signup$/);
  });

  const legal = [
    {
      path: '/terms-of-service',
      name: 'terms',
      title: 'Terms of Service',
      sections: 14,
      facts: [
        'Italian law',
        'over 18',
        '30 days',
        'the English text prevails',
        '100 USD',
        'amount you paid',
        'Last updated: September 3, 2025',
      ],
    },
    {
      path: '/privacy-policy',
      name: 'privacy',
      title: 'Privacy Policy',
      sections: 15,
      facts: [
        'e-mail address',
        'first name and last name',
        'phone number',
        'IP address',
        'browser type and browser version',
        'time spent',
        'device identifiers',
        'Session cookies',
        'Persistent cookies',
        'Functionality cookies',
        'under the age of 13',
        'profiling',
        'do not transfer it outside the EU',
        'rectification',
        'erasure',
        'portability',
        'restriction',
        'object to processing',
        'written request or an e-mail',
        'Last updated: September 3, 2025',
      ],
    },
    {
      path: '/cookies-policy',
      name: 'cookies',
      title: 'Cookies Policy',
      sections: 4,
      facts: ['Last updated: August 9, 2024', 'Functionality cookies'],
    },
  ];

  for (const doc of legal) {
    it(`${doc.title}: ${doc.sections} numbered sections, the facts of the spec and the operator's contact block`, async () => {
      await page.goto(`${app.url}${doc.path}`);
      await page.getByRole('heading', { name: doc.title, level: 1 }).waitFor();
      const headings = await page.locator('article ol > li h2').allTextContents();
      expect(headings).toHaveLength(doc.sections);
      headings.forEach((h, i) => expect(h.startsWith(`${i + 1}. `)).toBe(true));
      const text = (await page.locator('article').textContent()) ?? '';
      for (const fact of doc.facts) expect(text, fact).toContain(fact);
      const contact = page.getByTestId('contact-block');
      await contact.waitFor();
      const block = (await contact.textContent()) ?? '';
      for (const v of [
        config.operator.name,
        config.operator.email,
        config.operator.phone,
        config.operator.address,
        config.operator.vat,
        config.operator.contactUrl,
      ])
        expect(block).toContain(v);
      // The contact block ends the document.
      expect(await page.locator('article ol > li').last().getByTestId('contact-block').count()).toBe(1);
      await screenshotBoth(page, doc.name);
    });
  }

  it('the cookies policy can change the remembered choice', async () => {
    await page.goto(`${app.url}/cookies-policy`);
    await page.getByTestId('consent-status').getByText('essential cookies only').waitFor();
    await page
      .getByTestId('consent-status')
      .locator('..')
      .getByRole('button', { name: 'Accept all' })
      .click();
    await page.getByTestId('consent-status').getByText('all cookies accepted').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('atr_cookie_consent'))).toBe('accepted');
  });

  it('a signed-out visitor to /app is sent to /login', async () => {
    await page.goto(`${app.url}/app/account`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { name: 'Sign in to ATR' }).waitFor();
  });

  it('the phone layout has a working menu', async () => {
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    const p = await phone.newPage();
    await p.goto(app.url);
    const toggle = p.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await p.getByRole('button', { name: 'Close menu' }).waitFor();
    await p.getByRole('link', { name: 'Pricing', exact: true }).first().click();
    await p.waitForURL(/\/pricing$/);
    // Navigating closes the menu.
    await p.getByRole('button', { name: 'Open menu' }).waitFor();
    await screenshotBoth(p, 'pricing-phone-menu-closed');
    await phone.close();
  });

  it('the landing page downloads no screen but its own; a deep link loads its screen on demand, also on reload', async () => {
    const p = await context.newPage();
    const scripts: string[] = [];
    p.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await p.goto(app.url);
    await p.getByRole('heading', { level: 1 }).waitFor();
    await p.waitForLoadState('networkidle');
    // pdf.js, the report page, the upload form and the legal texts are all lazy chunks.
    expect(
      scripts.filter((s) => /\/(pdfjs|pdf\.worker|report|upload|privacy-policy|account)[-.]/.test(s)),
    ).toEqual([]);
    scripts.length = 0;
    // A deep link goes through the server's history fallback, then the router fetches the screen's chunk.
    for (const visit of [() => p.goto(`${app.url}/privacy-policy`), () => p.reload()]) {
      await visit();
      await p.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(scripts.some((s) => /\/privacy-policy-[\w-]+\.js$/.test(s))).toBe(true);
      scripts.length = 0;
    }
    await p.close();
  });

  it('the production build ships no source maps, and none is served', async () => {
    const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist/assets');
    const files = await fs.readdir(dist);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const script = files.find((f) => f.endsWith('.js'))!;
    expect((await fetch(`${app.url}/assets/${script}`)).status).toBe(200);
    expect((await fetch(`${app.url}/assets/${script}.map`)).status).toBe(404);
  });
});
