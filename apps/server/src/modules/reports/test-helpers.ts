// Test helpers for the reports and payments modules: the whole app on a test database, users signed
// up through the real auth service, real multipart bodies, and the engine's sample project zipped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { PDFDocument } from 'pdf-lib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { testConfig, type TestDatabase } from '../../test/databases.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** The PostgreSQL database's URL (absent on PGlite), for a second connection pool as another process would have. */
  url?: string;
  dataDir: string;
  signUp(email?: string): Promise<{ id: string; token: string; auth: { authorization: string } }>;
  close(): Promise<void>;
}

let userSeq = 0;

export async function startTestApp(
  t: TestDatabase,
  overrides: Record<string, string> = {},
  options: { queue?: boolean; beforeReady?: (app: FastifyInstance) => Promise<void> } = {},
): Promise<TestApp> {
  const { db, url, drop } = await t.create();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    AUTH_AUTOCONFIRM: 'true',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    ...overrides,
  });
  const app = await buildApp({ config, db, queue: options.queue ?? false, logger: false });
  if (options.beforeReady) await options.beforeReady(app);
  await app.ready();
  return {
    app,
    config,
    db,
    ...(url ? { url } : {}),
    dataDir,
    async signUp(email = `user${++userSeq}-${Date.now()}@example.com`) {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: { email, password: 'correct-horse-1' },
      });
      if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      const body = res.json() as { access_token: string; user: { id: string } };
      return {
        id: body.user.id,
        token: body.access_token,
        auth: { authorization: `Bearer ${body.access_token}` },
      };
    },
    async close() {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Polls `check` until it gives something other than undefined or false (a throw counts as not yet) and
 * returns that; fails naming `what` after `timeoutMs`.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5_000,
  intervalMs = 10,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export type Part = string | { name: string; type: string; data: Uint8Array | string };

/** A real multipart/form-data body, encoded by the platform's FormData (repeated names allowed). */
export async function multipartBody(
  parts: [string, Part][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') fd.append(name, value);
    else
      fd.append(
        name,
        new File([typeof value.data === 'string' ? value.data : Buffer.from(value.data)], value.name, {
          type: value.type,
        }),
      );
  }
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

export const TEMPLATE_YAML = `report_structure:
  - title: Overview
    sections:
      - title: Purpose
  - title: Architecture
`;

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A small ZIP in memory. */
export async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files))
    zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

export const SAMPLE_APP_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../packages/engine/test/fixtures/sample-app',
);

/** The engine's sample project as a ZIP, the way a user would upload it. */
export async function zipDirectory(dir: string): Promise<Buffer> {
  const files: Record<string, Buffer> = {};
  async function walk(d: string) {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile())
        files[`sample-app/${path.relative(dir, p).split(path.sep).join('/')}`] = await fs.readFile(p);
    }
  }
  await walk(dir);
  return zipOf(files);
}

/** A PDF with `n` numbered pages. */
export async function pdfWithPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= n; i++) doc.addPage([200, 200]).drawText(`Page ${i}`, { x: 20, y: 100, size: 18 });
  return doc.save();
}

/** The standard upload with another template in the template field. */
export function uploadWithTemplate(template: string, name = 't.yaml'): [string, Part][] {
  return standardUpload().map(([n, p]) =>
    n === 'template' ? [n, { name, type: 'application/x-yaml', data: template }] : [n, p],
  );
}

/** The standard upload: a ZIP project, the template, a logo, company details. */
export function standardUpload(
  extra: [string, Part][] = [],
  zip: Buffer = Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary'),
): [string, Part][] {
  return [
    ['project_name', 'Demo Project'],
    ['project_source', 'zip'],
    ['codebase', { name: 'demo.zip', type: 'application/zip', data: zip }],
    ['template', { name: 'generic_template.yaml', type: 'application/x-yaml', data: TEMPLATE_YAML }],
    ['company_logo', { name: 'logo.png', type: 'image/png', data: PNG_1PX }],
    ['companyData.name', 'ACME S.p.A.'],
    ['companyData.email', 'info@acme.example'],
    ...extra,
  ];
}
