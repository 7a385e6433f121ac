// Test helpers for the auth module: the whole app on a real port, the real GoTrueClient pointed at
// it, and the outbox read back like a mailbox.
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GoTrueClient } from '@supabase/auth-js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { readOutbox } from '../../plugins/mailer.ts';
import { requireUser } from '../../plugins/auth.ts';
import { testConfig, type TestDatabase } from '../../test/databases.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Running {
  app: FastifyInstance;
  base: string;
  config: Config;
  db: Database;
  client(): GoTrueClient;
  /** The links of the newest mail to `to` whose subject contains `subject`. */
  mailLinks(to: string, subject: string): Promise<string[]>;
  mailsTo(to: string): Promise<{ subject: string; links: string[] }[]>;
  close(): Promise<void>;
}

/** Starts the app (no queue) on a free port, with a test-only /api route guarded by app.authenticate. */
/** The real @supabase/auth-js client against a server at `base`, with its own in-memory session store. */
export function goTrueClient(base: string): GoTrueClient {
  const store = new Map<string, string>();
  return new GoTrueClient({
    url: `${base}/auth/v1`,
    storageKey: `atr-test-${Math.random()}`,
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: 'implicit',
  });
}

export async function startAuthServer(
  t: TestDatabase,
  overrides: Record<string, string> = {},
): Promise<Running> {
  const { db, drop } = await t.create();
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  const base = `http://127.0.0.1:${port}`;
  const config = testConfig({ DATA_DIR: dataDir, SITE_URL: base, PORT: String(port), ...overrides });
  const app = await buildApp({ config, db, queue: false });
  app.get('/api/test-me', { preHandler: app.authenticate }, async (request) => {
    const u = requireUser(request);
    return { id: u.id, email: u.email, fullName: u.fullName, createdAt: u.createdAt.toISOString() };
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    base,
    config,
    db,
    client: () => goTrueClient(base),
    async mailLinks(to, subject) {
      await app.mailer.idle();
      const mails = (await readOutbox(config)).filter((m) => m.to === to && m.subject.includes(subject));
      const last = mails[mails.length - 1];
      if (!last) throw new Error(`no mail to ${to} about ${subject}`);
      return last.links;
    },
    async mailsTo(to) {
      await app.mailer.idle();
      return (await readOutbox(config)).filter((m) => m.to === to);
    },
    async close() {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Follows a mailed link the way a browser would, without following the redirect. */
export async function openLink(
  link: string,
): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  return { status: res.status, location, fragment: new URLSearchParams(location.split('#')[1] ?? '') };
}

export const API_HEADERS = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

export async function post(url: string, body: unknown, headers: Record<string, string> = API_HEADERS) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}
