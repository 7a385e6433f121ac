import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.siteUrl).toBe('http://localhost:3000');
    expect(c.PRICE_WORD_CENTS).toBe(499);
    expect(c.PRICE_LATEX_CENTS).toBe(799);
  });
  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', AUTH_AUTOCONFIRM: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(/PORT:/);
    expect(text).toMatch(/DATABASE_URL: must be a postgres:\/\/ connection string/);
    expect(text).toMatch(/AUTH_AUTOCONFIRM:/);
  });
  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/atr' }).dataDir).toBe('/srv/atr/data');
    expect(loadConfig({ INIT_CWD: '/srv/atr', DATA_DIR: '/var/lib/atr' }).dataDir).toBe('/var/lib/atr');
  });
  it('treats empty strings as unset and derives the site URL from PORT', () => {
    const c = loadConfig({ PORT: '4100', DATABASE_URL: '' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.siteUrl).toBe('http://localhost:4100');
  });
});

describe('payment mode', () => {
  it('runs the local demo in test mode with nothing set, and on loopback addresses', () => {
    expect(loadConfig({}).payments).toBe('test');
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:4000' }).payments).toBe('test');
    expect(loadConfig({ SITE_URL: 'http://[::1]:4000' }).payments).toBe('test');
  });
  it('refuses a public deployment without a payment provider, naming the variables', () => {
    for (const env of [
      { SITE_URL: 'https://reports.example.com' },
      { DATABASE_URL: 'postgres://u@db/atr' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PAYMENTS: .*STRIPE_SECRET_KEY.*PAYMENTS=test/);
    }
  });
  it('accepts a public deployment with a provider, or with PAYMENTS=test said explicitly', () => {
    expect(
      loadConfig({ SITE_URL: 'https://reports.example.com', STRIPE_SECRET_KEY: 'sk_live_x' }).payments,
    ).toBe('stripe');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/atr', PAYMENTS: 'test' }).payments).toBe('test');
  });
  it('needs a key for PAYMENTS=stripe and refuses an unknown mode', () => {
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENTS=stripe/,
    );
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(/PAYMENTS:/);
  });
});

describe('metrics', () => {
  const token = 'scrape-token-0123456789';
  it('are off by default, and on loopback without a token when METRICS_PORT is set', () => {
    const off = loadConfig({});
    expect(off.METRICS_PORT).toBeUndefined();
    expect(off.METRICS_HOST).toBe('127.0.0.1');
    expect(off.METRICS_TOKEN).toBeUndefined();
    const on = loadConfig({ METRICS_PORT: '9464' });
    expect([on.METRICS_PORT, on.METRICS_HOST]).toEqual([9464, '127.0.0.1']);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '::1' }).METRICS_HOST).toBe('::1');
  });
  it('are never public without a token', () => {
    for (const host of ['0.0.0.0', '10.0.0.5', '::']) {
      expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: host })).toThrow(
        /METRICS_TOKEN: required when METRICS_HOST is not a loopback address/,
      );
    }
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token })).toMatchObject(
      { METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token },
    );
  });
  it('name the variable of a bad value', () => {
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT:/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT:/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT \(3000\)/,
    );
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(
      /METRICS_PORT: required when METRICS_TOKEN is set/,
    );
  });
});
