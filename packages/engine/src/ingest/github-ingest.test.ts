// GitHub ingest against a loopback server that answers like the GitHub API: a 302 from /zipball to a
// download URL, token checks, 404s, rate limits, and redirects to foreign hosts that must be refused.

import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { EngineError } from '../errors.ts';
import type { EngineContext } from '../types.ts';
import { ingestGithub, isPrivateAddress, listGithub, parseGithubUrl } from './github-ingest.ts';

async function zipball(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('# Widget\n'), 'acme-widget-1a2b3c4/README.md');
  zip.addBuffer(Buffer.from('export const widget = 1;\n'), 'acme-widget-1a2b3c4/src/index.ts');
  zip.addBuffer(Buffer.from('export const util = 2;\n'), 'acme-widget-1a2b3c4/packages/util/index.ts');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('parseGithubUrl', () => {
  it('accepts the usual forms', () => {
    expect(parseGithubUrl('https://github.com/acme/widget')).toEqual({ owner: 'acme', repo: 'widget' });
    expect(parseGithubUrl('github.com/acme/widget.git')).toEqual({ owner: 'acme', repo: 'widget' });
    expect(parseGithubUrl('https://github.com/acme/widget/tree/v2.1')).toEqual({
      owner: 'acme',
      repo: 'widget',
      ref: 'v2.1',
    });
    expect(parseGithubUrl('https://github.com/acme/widget/tree/main/packages/util')).toEqual({
      owner: 'acme',
      repo: 'widget',
      ref: 'main',
      path: 'packages/util',
    });
  });
  it('rejects other hosts and malformed paths', () => {
    for (const bad of [
      'https://gitlab.com/acme/widget',
      'https://github.com/acme',
      'https://github.com/acme/widget/blob/main/x',
      'not a url at all',
      'https://github.com/acme/widget/tree/main/../../x',
    ]) {
      expect(() => parseGithubUrl(bad), bad).toThrow(/not a GitHub repository address/);
    }
  });
});

describe('ingestGithub against a loopback API', () => {
  let server: http.Server;
  let apiBase: string;
  let parent: string;
  const seen: { url: string; auth?: string }[] = [];
  let body: Buffer;

  beforeAll(async () => {
    body = await zipball();
    server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization });
      const url = req.url ?? '';
      if (url === '/api/v3/repos/acme/widget/zipball' || url === '/api/v3/repos/acme/widget/zipball/main') {
        res.writeHead(302, { location: `/download/acme-widget.zip?token=short-lived` }).end();
      } else if (url.startsWith('/download/acme-widget.zip')) {
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body);
      } else if (url === '/api/v3/repos/acme/widget/git/trees/HEAD?recursive=1') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            sha: 'abc',
            truncated: false,
            tree: [
              { path: 'README.md', type: 'blob', size: 9 },
              { path: 'src', type: 'tree' },
              { path: 'src/index.ts', type: 'blob', size: 25 },
              { path: 'packages/util/index.ts', type: 'blob', size: 23 },
              { path: 'vendor-link', type: 'commit' },
            ],
          }),
        );
      } else if (url === '/api/v3/repos/acme/widget/git/trees/main?recursive=1') {
        res.writeHead(302, { location: 'https://evil.example.com/tree.json' }).end();
      } else if (url === '/api/v3/repos/acme/private/zipball') {
        if (req.headers.authorization === 'Bearer good-token')
          res.writeHead(302, { location: '/download/acme-widget.zip' }).end();
        else if (req.headers.authorization) res.writeHead(401).end('{"message":"Bad credentials"}');
        else res.writeHead(404).end('{"message":"Not Found"}');
      } else if (url === '/api/v3/repos/acme/limited/zipball') {
        res.writeHead(403, { 'x-ratelimit-remaining': '0' }).end();
      } else if (url === '/api/v3/repos/acme/foreign/zipball') {
        res.writeHead(302, { location: 'https://evil.example.com/acme.zip' }).end();
      } else if (url === '/api/v3/repos/acme/huge/zipball') {
        res.writeHead(200, { 'content-length': 50 * 1024 * 1024 }).end();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await fs.rm(parent, { recursive: true, force: true });
  });

  let n = 0;
  const ctx = (): EngineContext => ({
    workDir: path.join(parent, `run-${n++}`),
    now: () => new Date(0),
    onProgress: () => {},
  });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as EngineError,
    );

  it('follows the same-origin redirect, sends the token, strips the top folder', async () => {
    seen.length = 0;
    const ws = await ingestGithub(
      { url: 'https://github.com/acme/widget/tree/main', token: 'tok-123', apiBase },
      ctx(),
    );
    expect(seen[0]).toEqual({ url: '/api/v3/repos/acme/widget/zipball/main', auth: 'Bearer tok-123' });
    expect(seen[1]?.url).toBe('/download/acme-widget.zip?token=short-lived');
    expect(ws.name).toBe('widget');
    expect(ws.source).toEqual({ kind: 'github', url: 'https://github.com/acme/widget', ref: 'main' });
    expect(ws.files.map((f) => f.path)).toEqual(['README.md', 'packages/util/index.ts', 'src/index.ts']);
    expect(await fs.readFile(path.join(ws.root, 'src/index.ts'), 'utf8')).toContain('widget');
  });

  it('lists the files and their sizes from the recursive tree, without downloading the archive', async () => {
    seen.length = 0;
    const files = await listGithub({ url: 'https://github.com/acme/widget', token: 'tok-9', apiBase });
    expect(files).toEqual([
      { path: 'README.md', size: 9 },
      { path: 'src/index.ts', size: 25 },
      { path: 'packages/util/index.ts', size: 23 },
    ]);
    expect(seen).toEqual([
      { url: '/api/v3/repos/acme/widget/git/trees/HEAD?recursive=1', auth: 'Bearer tok-9' },
    ]);
    // a sub-folder address lists that folder, relative to it
    const util = await listGithub({ url: 'github.com/acme/widget/tree/HEAD/packages/util', apiBase });
    expect(util).toEqual([{ path: 'index.ts', size: 23 }]);
    // the same refusals as the download: a foreign redirect, a missing repository
    const foreign = await failure(listGithub({ url: 'github.com/acme/widget/tree/main', apiBase }));
    expect(foreign?.message).toMatch(/not the GitHub host; refused/);
    const missing = await failure(listGithub({ url: 'github.com/acme/private', apiBase }));
    expect(missing?.message).toMatch(/was not found/);
  });

  it('restricts to a /tree/ref/path sub-folder', async () => {
    const ws = await ingestGithub({ url: 'github.com/acme/widget/tree/main/packages/util', apiBase }, ctx());
    expect(ws.files.map((f) => f.path)).toEqual(['index.ts']);
  });

  it('explains a 404 (missing or private repository)', async () => {
    const e = await failure(ingestGithub({ url: 'https://github.com/acme/private', apiBase }, ctx()));
    expect(e?.kind).toBe('ingest');
    expect(e?.message).toMatch(/acme\/private was not found\. If it is private, give an access token/);
  });

  it('works with a valid token and explains a rejected one', async () => {
    const ws = await ingestGithub(
      { url: 'https://github.com/acme/private', token: 'good-token', apiBase },
      ctx(),
    );
    expect(ws.files.length).toBe(3);
    const e = await failure(
      ingestGithub({ url: 'https://github.com/acme/private', token: 'expired', apiBase }, ctx()),
    );
    expect(e?.message).toMatch(/rejected the access token/);
  });

  it('explains rate limiting', async () => {
    const e = await failure(ingestGithub({ url: 'https://github.com/acme/limited', apiBase }, ctx()));
    expect(e?.message).toMatch(/rate limit was reached/);
  });

  it('refuses a redirect to a foreign host', async () => {
    seen.length = 0;
    const e = await failure(
      ingestGithub({ url: 'https://github.com/acme/foreign', token: 'tok', apiBase }, ctx()),
    );
    expect(e).toBeInstanceOf(EngineError);
    expect(e?.message).toMatch(
      /redirected to https:\/\/evil\.example\.com, which is not the GitHub host; refused/,
    );
    expect(seen).toHaveLength(1);
  });

  it('refuses an archive over the size limit from its declared length', async () => {
    const e = await failure(
      ingestGithub(
        { url: 'https://github.com/acme/huge', apiBase },
        { ...ctx(), limits: { maxZipBytes: 1024 * 1024 } },
      ),
    );
    expect(e?.message).toMatch(/larger than the 1 MB limit/);
  });

  it('refuses private addresses when the API base is not loopback', async () => {
    const e = await failure(
      ingestGithub({ url: 'https://github.com/acme/widget', apiBase: 'https://10.1.2.3/api/v3' }, ctx()),
    );
    expect(e?.message).toMatch(/private; refused/);
    const plain = await failure(
      ingestGithub(
        { url: 'https://github.com/acme/widget', apiBase: 'http://ghe.example.com/api/v3' },
        ctx(),
      ),
    );
    expect(plain?.message).toMatch(/must use https/);
  });
});

describe('isPrivateAddress', () => {
  it('refuses loopback and private IPv4 in every IPv6 spelling (mapped hex, compatible, NAT64, 6to4)', () => {
    // new URL('http://[::ffff:127.0.0.1]/').hostname is '[::ffff:7f00:1]': the hex form must be caught.
    for (const a of [
      '::ffff:7f00:1',
      '::ffff:127.0.0.1',
      '::FFFF:a9fe:a9fe',
      '::ffff:0a00:0001',
      '::7f00:1',
      '::',
      '::1',
      '0:0:0:0:0:ffff:c0a8:0101',
      '64:ff9b::7f00:1',
      '64:ff9b::169.254.169.254',
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      'fe80::1',
      'fd00::1',
      'fec0::1',
      'ff02::1',
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it('allows public addresses, those of GitHub included', () => {
    for (const a of [
      '140.82.121.4',
      '::ffff:8c52:7904',
      '::ffff:140.82.121.4',
      '2606:50c0:8000::154',
      '64:ff9b::8c52:7904',
      '2002:8c52:7904::1',
      '8.8.8.8',
    ]) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses a configured API base written as an IPv4-mapped IPv6 literal', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const ctx: EngineContext = { workDir: dir, now: () => new Date(0), onProgress: () => {} };
    const attempt = ingestGithub(
      { url: 'https://github.com/acme/widget', apiBase: 'https://[::ffff:7f00:1]:9/' },
      ctx,
    );
    await expect(attempt).rejects.toThrow(/private/);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
