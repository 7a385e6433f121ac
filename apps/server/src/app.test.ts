import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { testConfig, testDatabases } from './test/databases.ts';

describe.each(testDatabases)('the app shell on $name', (t) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let webDist: string;

  beforeAll(async () => {
    const created = await t.create();
    drop = created.drop;
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>ATR shell</title>');
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A build made with WEB_SOURCE_MAPS=true, served by a server without it.
    await fs.writeFile(
      path.join(webDist, 'assets', 'app-abc123.js.map'),
      '{"version":3,"sourcesContent":["secret source"]}',
    );
    app = await buildApp({
      config: testConfig({
        PRICE_WORD_CENTS: '599',
        PRICE_LATEX_CENTS: '899',
        UPLOAD_MAX_ZIP_BYTES: String(3 * 1024 * 1024),
        UPLOAD_MAX_IMAGES: '4',
        TEMPLATE_MAX_HEADINGS: '40',
      }),
      db: created.db,
      webDist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('reports database and queue health', async () => {
    const r = await app.inject('/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, kind: t.name },
      queue: { ok: true },
      // Report change notifications were heard (on PostgreSQL: the start-up probe came back).
      report_cache: { enabled: true },
    });
  });

  it('serves the configured price table', async () => {
    const r = await app.inject('/api/pricing');
    expect(r.json()).toMatchObject({
      word: { amount: 599, currency: 'eur' },
      latex: { amount: 899 },
      test_mode: true,
    });
  });

  it('tells the browser the upload limits the operator set, which the server enforces', async () => {
    const r = await app.inject('/api/config');
    expect(r.json().limits).toEqual({
      zipBytes: 3 * 1024 * 1024,
      templateBytes: app.config.UPLOAD_MAX_TEMPLATE_BYTES,
      templateHeadings: 40,
      logoBytes: app.config.UPLOAD_MAX_LOGO_BYTES,
      imageBytes: app.config.UPLOAD_MAX_IMAGE_BYTES,
      images: 4,
    });
  });

  it('never serves source maps unless WEB_SOURCE_MAPS is set', async () => {
    expect((await app.inject('/assets/app-abc123.js')).statusCode).toBe(200);
    for (const url of [
      '/assets/app-abc123.js.map',
      '/assets/app-abc123.js.map?x=1',
      '/assets/missing.js.map',
    ]) {
      const r = await app.inject(url);
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('secret source');
      expect(r.body).not.toContain('ATR shell');
    }
    const withMaps = await buildApp({
      config: testConfig({ WEB_SOURCE_MAPS: 'true' }),
      db: app.db,
      webDist,
      queue: false,
      logger: false,
    });
    await withMaps.ready();
    try {
      expect((await withMaps.inject('/assets/app-abc123.js.map')).body).toContain('secret source');
    } finally {
      await withMaps.close();
    }
  });

  it('answers unknown API paths with a JSON 404 and deep links with the SPA', async () => {
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    const deep = await app.inject('/app/report/123');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('ATR shell');
    const callback = await app.inject('/auth/callback');
    expect(callback.body).toContain('ATR shell');
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers and no CORS headers by default', async () => {
    const r = await app.inject({ url: '/api/pricing', headers: { origin: 'https://evil.example' } });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    // The same helmet set on API answers, errors, unknown API routes and the SPA.
    const expected = securityHeaders();
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['strict-transport-security']).toContain('max-age=');
    for (const url of ['/api/pricing', '/api/reports', '/api/no-such-route', '/app/dashboard']) {
      const res = await app.inject(url);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
