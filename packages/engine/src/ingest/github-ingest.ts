// Downloads a GitHub repository's archive (zipball) over HTTPS from the configured host only, refusing
// foreign redirects and private addresses, counting bytes as they arrive, then ingests it as a ZIP.

import { createWriteStream, promises as fs } from 'node:fs';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { trimEndChars } from '@atr/shared';
import { EngineError, throwIfCancelled } from '../errors.ts';
import type { EngineContext, Workspace } from '../types.ts';
import type { ListedFile } from '../llm/estimate.ts';
import { ingestZip, resolveLimits } from './zip-ingest.ts';

export const DEFAULT_GITHUB_API = 'https://api.github.com';
const CODELOAD_HOST = 'codeload.github.com';
const MAX_REDIRECTS = 5;
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export interface GithubRef {
  owner: string;
  repo: string;
  ref?: string;
  path?: string;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** Parses `https://github.com/owner/repo[/tree/ref[/path]]`, also without scheme or with `.git`. */
export function parseGithubUrl(input: string): GithubRef {
  const bad = () =>
    new EngineError(
      'ingest',
      `"${input}" is not a GitHub repository address; use https://github.com/owner/repo.`,
    );
  let text = input.trim();
  if (!/^[a-z]+:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad();
  }
  if (
    !['github.com', 'www.github.com'].includes(url.hostname.toLowerCase()) ||
    !['https:', 'http:'].includes(url.protocol)
  )
    throw bad();
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [owner, rawRepo, kind, ref, ...rest] = parts;
  const repo = rawRepo?.replace(/\.git$/i, '');
  if (!owner || !repo || !NAME.test(owner) || !NAME.test(repo) || repo === '.' || repo === '..') throw bad();
  if (kind === undefined) return { owner, repo };
  if (kind !== 'tree' || !ref) throw bad();
  const sub = rest.join('/');
  if (sub.split('/').includes('..')) throw bad();
  return { owner, repo, ref, ...(sub ? { path: sub } : {}) };
}

/**
 * The dotted IPv4 tail of an address (`1.2.3.4` of `::ffff:1.2.3.4`), as `/(\d+\.\d+\.\d+\.\d+)$/` found it,
 * from a scan back over the trailing digits and dots (the pattern retried from every digit).
 */
function dottedTail(a: string): [string, string] | null {
  let start = a.length;
  while (start > 0 && /[\d.]/.test(a[start - 1]!)) start--;
  const parts = a.slice(start).split('.').slice(-4);
  if (parts.length < 4 || parts.some((p) => p === '')) return null;
  const tail = parts.join('.');
  return [tail, tail];
}

/** The eight 16-bit groups of an IPv6 address (with or without an embedded dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  let a = address.toLowerCase().split('%')[0]!;
  const dotted = dottedTail(a);
  if (dotted) {
    const [w = 0, x = 0, y = 0, z = 0] = dotted[1]!.split('.').map(Number);
    a = `${a.slice(0, -dotted[1]!.length)}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  const [head = '', tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  const groups = [...h, ...fill, ...t].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * Loopback, private, link-local, shared, reserved and multicast addresses, IPv4 embedded in IPv6
 * included in every spelling (URL parsing turns [::ffff:127.0.0.1] into [::ffff:7f00:1]; NAT64 and
 * 6to4 addresses reach the IPv4 they embed).
 */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a = 0, b = 0, c = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && c === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!net.isIPv6(address)) return true;
  const g = ipv6Groups(address);
  if (!g) return true;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, also :: and ::1), 64:ff9b::/96 (NAT64)
  if (
    (zeros(5) && g[5] === 0xffff) ||
    zeros(6) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
  ) {
    return isPrivateAddress(v4FromGroups(g[6]!, g[7]!));
  }
  if (g[0] === 0x2002) return isPrivateAddress(v4FromGroups(g[1]!, g[2]!)); // 6to4
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 ||
    (first & 0xff00) === 0xff00
  );
}

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || (net.isIPv4(h) && h.startsWith('127.'));
}

interface Policy {
  allowPrivate: boolean;
  /** Whether a URL may be fetched (the first request and every redirect). */
  allowed(url: URL): boolean;
}

function policyFor(apiBase: URL, configured: boolean): Policy {
  const loopback = isLoopbackHost(apiBase.hostname);
  return {
    allowPrivate: loopback,
    allowed(url) {
      if (configured) return url.origin === apiBase.origin && (url.protocol === 'https:' || loopback);
      return (
        url.protocol === 'https:' && (url.hostname === apiBase.hostname || url.hostname === CODELOAD_HOST)
      );
    },
  };
}

/** A DNS lookup that refuses private and loopback addresses, so a name cannot be pointed inside. */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate)
        return callback(
          new EngineError('ingest', `The download host ${hostname} resolves to a private address; refused.`),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function request(
  url: URL,
  headers: Record<string, string>,
  policy: Policy,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && isPrivateAddress(literal) && !policy.allowPrivate) {
    return Promise.reject(new EngineError('ingest', `The download address ${url.host} is private; refused.`));
  }
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.get(url, { headers, signal, lookup: guardedLookup(policy.allowPrivate) }, resolve);
    req.on('error', reject);
  });
}

class SizeGuard extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _e: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max)
      return done(
        new EngineError(
          'ingest',
          `The repository archive is larger than the ${Math.round(this.max / 1048576)} MB limit.`,
        ),
      );
    done(null, chunk);
  }
}

function statusError(res: http.IncomingMessage, gh: GithubRef, hasToken: boolean): EngineError {
  const slug = `${gh.owner}/${gh.repo}`;
  const status = res.statusCode ?? 0;
  if (status === 404) {
    return new EngineError(
      'ingest',
      gh.ref
        ? `GitHub repository ${slug} or its branch "${gh.ref}" was not found. If the repository is private, give an access token that can read it.`
        : `GitHub repository ${slug} was not found. If it is private, give an access token that can read it.`,
    );
  }
  if (status === 401)
    return new EngineError(
      'ingest',
      'GitHub rejected the access token: check that it is valid and has not expired.',
    );
  if (status === 403 || status === 429) {
    if (res.headers['x-ratelimit-remaining'] === '0' || status === 429) {
      return new EngineError(
        'ingest',
        hasToken
          ? 'The GitHub API rate limit for this token was reached; try again later.'
          : 'The GitHub API rate limit was reached; try again later or give an access token.',
      );
    }
    return new EngineError(
      'ingest',
      `GitHub refused access to ${slug}: the access token lacks permission to read it.`,
    );
  }
  return new EngineError('ingest', `GitHub answered ${status} while downloading ${slug}; try again later.`);
}

export interface GithubSource {
  url: string;
  token?: string;
  apiBase?: string;
}

/** The checked API address, its fetch policy and the request headers of one GitHub source. */
interface Connection {
  gh: GithubRef;
  apiBase: URL;
  /** The API's path prefix (GitHub Enterprise serves under /api/v3). */
  base: string;
  policy: Policy;
  headers: Record<string, string>;
}

function connect(source: GithubSource): Connection {
  const gh = parseGithubUrl(source.url);
  let apiBase: URL;
  try {
    apiBase = new URL(source.apiBase ?? DEFAULT_GITHUB_API);
  } catch {
    throw new EngineError('ingest', `The GitHub API address "${source.apiBase}" is not a valid URL.`);
  }
  const policy = policyFor(
    apiBase,
    source.apiBase !== undefined && apiBase.origin !== new URL(DEFAULT_GITHUB_API).origin,
  );
  if (!policy.allowed(apiBase)) throw new EngineError('ingest', 'The GitHub API address must use https.');
  const headers: Record<string, string> = {
    'User-Agent': 'atr-report-engine',
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': '2022-11-28',
  };
  if (source.token) headers.Authorization = `Bearer ${source.token}`;
  return { gh, apiBase, base: trimEndChars(apiBase.pathname, '/'), policy, headers };
}

/** GETs an API path, following redirects to allowed hosts only; answers the 200 response or throws. */
async function get(c: Connection, apiPath: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  const headers = { ...c.headers };
  let url = new URL(`${c.base}${apiPath}`, c.apiBase);
  for (let hop = 0; ; hop++) {
    const res = await request(url, headers, c.policy, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS)
        throw new EngineError('ingest', 'GitHub redirected the download too many times.');
      const next = new URL(res.headers.location, url);
      if (!c.policy.allowed(next))
        throw new EngineError(
          'ingest',
          `The download was redirected to ${next.protocol}//${next.host}, which is not the GitHub host; refused.`,
        );
      // The redirect URL carries its own short-lived token; ours must not travel to another origin.
      if (next.origin !== url.origin) delete headers.Authorization;
      url = next;
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw statusError(res, c.gh, Boolean(c.headers.Authorization));
    }
    return res;
  }
}

const repoPath = (gh: GithubRef) => `/repos/${encodeURIComponent(gh.owner)}/${encodeURIComponent(gh.repo)}`;

/** Most bytes of a tree listing read (GitHub answers at most 100,000 entries, about 15 MB). */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;
const LISTING_TIMEOUT_MS = 20_000;

/**
 * The repository's files with their sizes, from GitHub's recursive tree listing, without downloading
 * anything else: what the upload form's estimate rests on for a GitHub source. Paths are relative
 * to the folder the address names (`/tree/ref/path`), as the report will read them.
 */
export async function listGithub(source: GithubSource, signal?: AbortSignal): Promise<ListedFile[]> {
  const c = connect(source);
  const all = AbortSignal.any([AbortSignal.timeout(LISTING_TIMEOUT_MS), ...(signal ? [signal] : [])]);
  const ref = encodeURIComponent(c.gh.ref ?? 'HEAD');
  let res: http.IncomingMessage | undefined;
  try {
    res = await get(c, `${repoPath(c.gh)}/git/trees/${ref}?recursive=1`, all);
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > MAX_LISTING_BYTES) throw new EngineError('ingest', 'The repository listing is too large.');
      chunks.push(chunk);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      tree?: { path?: unknown; type?: unknown; size?: unknown }[];
    };
    const prefix = c.gh.path ? `${trimEndChars(c.gh.path, '/')}/` : '';
    return (body.tree ?? [])
      .filter(
        (e): e is { path: string; type: 'blob'; size: number } =>
          e.type === 'blob' && typeof e.path === 'string' && typeof e.size === 'number',
      )
      .filter((e) => e.path.startsWith(prefix))
      .map((e) => ({ path: e.path.slice(prefix.length), size: e.size }));
  } catch (e) {
    res?.destroy();
    if (e instanceof EngineError) throw e;
    throw new EngineError(
      'ingest',
      `Could not list ${c.gh.owner}/${c.gh.repo} on GitHub: ${(e as Error).message}`,
      {
        detail: String(e),
        cause: e,
      },
    );
  }
}

/** Downloads the zipball to `${workDir}/github.zip` and ingests it; the archive file is removed after. */
export async function ingestGithub(source: GithubSource, ctx: EngineContext): Promise<Workspace> {
  throwIfCancelled(ctx.signal);
  const c = connect(source);
  const { gh } = c;
  const limits = resolveLimits(ctx);
  const signals = [AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), ...(ctx.signal ? [ctx.signal] : [])];
  const signal = AbortSignal.any(signals);

  await ctx.onProgress('initializing', 5, `Downloading ${gh.owner}/${gh.repo}`);
  let res: http.IncomingMessage | undefined;
  try {
    res = await get(c, `${repoPath(gh)}/zipball${gh.ref ? `/${encodeURIComponent(gh.ref)}` : ''}`, signal);
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > limits.maxZipBytes) {
      res.resume();
      throw new EngineError(
        'ingest',
        `The repository archive is larger than the ${Math.round(limits.maxZipBytes / 1048576)} MB limit.`,
      );
    }
    await fs.mkdir(ctx.workDir, { recursive: true });
    const zipPath = path.join(ctx.workDir, 'github.zip');
    await pipeline(res, new SizeGuard(limits.maxZipBytes), createWriteStream(zipPath));
    try {
      return await ingestZip(zipPath, ctx, {
        subdir: gh.path,
        name: gh.repo,
        source: {
          kind: 'github',
          url: `https://github.com/${gh.owner}/${gh.repo}`,
          ...(gh.ref ? { ref: gh.ref } : {}),
        },
      });
    } finally {
      await fs.rm(zipPath, { force: true });
    }
  } catch (e) {
    res?.destroy();
    if (e instanceof EngineError) throw e;
    throwIfCancelled(ctx.signal);
    throw new EngineError(
      'ingest',
      `Could not download ${gh.owner}/${gh.repo} from GitHub: ${(e as Error).message}`,
      { detail: String(e), cause: e },
    );
  }
}
