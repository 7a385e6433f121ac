// The built web app is sent precompressed: brotli or gzip copies with the right Content-Encoding, Content-Type
// and Vary, for assets and for the SPA shell; a client that accepts no compression gets the plain file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticWeb } from './static-web.ts';

const SHELL = '<!doctype html><title>ATR shell</title>' + '<p>padding</p>'.repeat(50);
const SCRIPT = 'export const answer = () => 42;\n'.repeat(200);
const STYLE = 'body { color: #0f172a; }\n'.repeat(200);

async function writeWithCopies(file: string, text: string) {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(text));
}

describe('static web app compression', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-web-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await writeWithCopies(path.join(dist, 'index.html'), SHELL);
    await writeWithCopies(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    await writeWithCopies(path.join(dist, 'assets', 'index-abc123.css'), STYLE);
    app = Fastify();
    await registerStaticWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a client that accepts it, with the type of the original file', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
    expect(r.rawPayload.length).toBeLessThan(SCRIPT.length / 5);

    const css = await get('/assets/index-abc123.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.brotliDecompressSync(css.rawPayload).toString()).toBe(STYLE);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const r = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file, still marked Vary, when the client accepts no compression', async () => {
    const r = await get('/assets/index-abc123.js');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.body).toBe(SCRIPT);
  });

  it('compresses the SPA shell for the landing page and for deep links', async () => {
    for (const url of ['/', '/app/report/123', '/pricing']) {
      const r = await get(url, 'gzip, deflate, br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(r.rawPayload).toString(), url).toBe(SHELL);
    }
    const gz = await get('/app', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SHELL);
  });

  it('keeps API answers out of it', async () => {
    const r = await get('/api/nothing-here', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 'not_found' });
  });
});
