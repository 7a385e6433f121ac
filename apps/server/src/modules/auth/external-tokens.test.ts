import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
import { testDatabases } from '../../test/databases.ts';
import { createMailer, readOutbox } from '../../plugins/mailer.ts';
import { loadJwtSecret } from './jwt.ts';
import { startAuthServer, type Running } from './test-harness.ts';

const SUPABASE_URL = 'https://project-ref.supabase.co';
const SUPABASE_SECRET = 'hosted-project-secret-hosted-project-secret';
const ISSUER = `${SUPABASE_URL}/auth/v1`;

function hostedToken(
  key: Uint8Array | PrivateKey,
  alg: string,
  claims: Record<string, unknown> = {},
  kid?: string,
  exp: number | string = '1h',
) {
  return new SignJWT({
    email: 'hosted@example.com',
    role: 'authenticated',
    user_metadata: { full_name: 'Hosted User' },
    ...claims,
  })
    .setProtectedHeader({ alg, ...(kid ? { kid } : {}) })
    .setSubject('5b1c8f9e-2f53-4a3e-9d55-0a8d3c1e7b21')
    .setIssuer(ISSUER)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
}

const me = (s: Running, token: string) =>
  fetch(`${s.base}/api/test-me`, { headers: { authorization: `Bearer ${token}` } });

// An operator can point the API at a hosted Supabase project: its tokens are accepted by app.authenticate.
describe.each(testDatabases)('hosted Supabase tokens (HS256 secret) on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t, { SUPABASE_URL, SUPABASE_JWT_SECRET: SUPABASE_SECRET });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('accepts a token of the project and maps its user; refuses wrong secret, issuer or expiry', async () => {
    const key = new TextEncoder().encode(SUPABASE_SECRET);
    const ok = await me(s, await hostedToken(key, 'HS256'));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, string>;
    expect(body).toMatchObject({
      id: '5b1c8f9e-2f53-4a3e-9d55-0a8d3c1e7b21',
      email: 'hosted@example.com',
      fullName: 'Hosted User',
    });
    expect(Number.isNaN(Date.parse(body.createdAt ?? ''))).toBe(false);
    // A local row exists so other tables can reference the user.
    const rows = await s.db.query<{ provider: string }>(`SELECT provider FROM users WHERE id = $1`, [
      body.id,
    ]);
    expect(rows[0]?.provider).toBe('supabase');

    const wrongKey = new TextEncoder().encode('another-secret-another-secret-another-secret');
    expect((await me(s, await hostedToken(wrongKey, 'HS256'))).status).toBe(401);
    const expired = await hostedToken(key, 'HS256', {}, undefined, Math.floor(Date.now() / 1000) - 60);
    expect((await me(s, expired)).status).toBe(401);
    const wrongAudience = await new SignJWT({ email: 'x@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5b1c8f9e-2f53-4a3e-9d55-0a8d3c1e7b21')
      .setIssuer(ISSUER)
      .setAudience('anon')
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(s, wrongAudience)).status).toBe(401);
  });
});

describe.each(testDatabases)('hosted Supabase tokens (JWKS) on $name', (t) => {
  let s: Running;
  let jwksServer: http.Server;
  let privateKey: PrivateKey;
  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    jwksServer = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const { port } = jwksServer.address() as AddressInfo;
    s = await startAuthServer(t, {
      SUPABASE_URL,
      SUPABASE_JWKS_URL: `http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`,
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => jwksServer?.close(r));
  });

  it('verifies ES256 tokens against the project JWKS and refuses other keys', async () => {
    expect((await me(s, await hostedToken(privateKey, 'ES256', {}, 'k1'))).status).toBe(200);
    const stranger = await generateKeyPair('ES256');
    expect((await me(s, await hostedToken(stranger.privateKey, 'ES256', {}, 'k1'))).status).toBe(401);
    // Own tokens still work next to the hosted ones.
    const email = 'local@example.com';
    const client = s.client();
    await client.signUp({ email, password: 'local-pass' });
    await s.db.query(`UPDATE users SET email_confirmed_at = now() WHERE email = $1`, [email]);
    const { data } = await client.signInWithPassword({ email, password: 'local-pass' });
    expect((await me(s, data.session!.access_token)).status).toBe(200);
  });
});

describe('JWT secret and mailer', () => {
  it('generates the JWT secret once, mode 0600, and reuses it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const first = await loadJwtSecret({ dataDir, JWT_SECRET: undefined });
    const second = await loadJwtSecret({ dataDir, JWT_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect((await fs.stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadJwtSecret({ dataDir, JWT_SECRET: 'x'.repeat(40) })).toBe('x'.repeat(40));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.each(['production', 'test', undefined] as const)(
    'writes each message to the outbox as JSON and logs only its file name with NODE_ENV=%s',
    async (NODE_ENV) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
      const logged: unknown[][] = [];
      const log = { info: (...args: unknown[]) => logged.push(args) } as never;
      const mailer = createMailer(
        { dataDir, SMTP_URL: undefined, MAIL_FROM: 'ATR <no-reply@atr.local>', NODE_ENV },
        log,
      );
      expect(mailer.kind).toBe('outbox');
      await mailer.send({
        to: 'a@example.com',
        subject: 'Hello',
        text: 't',
        html: '<p>t</p>',
        links: ['http://x/verify?token=live-token'],
      });
      const [mail] = await readOutbox({ dataDir });
      expect(mail).toMatchObject({
        to: 'a@example.com',
        subject: 'Hello',
        text: 't',
        html: '<p>t</p>',
        links: ['http://x/verify?token=live-token'],
      });
      expect(Number.isNaN(Date.parse(mail!.createdAt))).toBe(false);
      // Written aside and renamed into place: nothing half-written is left.
      expect(await fs.readdir(path.join(dataDir, 'outbox'))).toEqual([mail!.file]);
      expect(logged).toEqual([[{ file: mail!.file }, 'Outbox: mail written']]);
      expect(JSON.stringify(logged)).not.toContain('live-token');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  );

  it("logs the links of an outbox message in development, where the outbox is the developer's mailbox", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as never;
    const mailer = createMailer(
      { dataDir, SMTP_URL: undefined, MAIL_FROM: 'ATR <no-reply@atr.local>', NODE_ENV: 'development' },
      log,
    );
    mailer.queue({
      to: 'a@example.com',
      subject: 'Hello',
      text: 't',
      html: '<p>t</p>',
      links: ['http://x/1'],
    });
    await mailer.idle();
    expect(logged).toEqual([['Outbox: mail to a@example.com: Hello → http://x/1']]);
    expect((await readOutbox({ dataDir })).length).toBe(1);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('logs a queued message that cannot be sent instead of failing the request', async () => {
    const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'atr-')), 'not-a-dir');
    await fs.writeFile(dataDir, 'a file where the outbox folder should be');
    const errors: unknown[][] = [];
    const log = { info: () => {}, error: (...args: unknown[]) => errors.push(args) } as never;
    const mailer = createMailer({ dataDir, SMTP_URL: undefined, MAIL_FROM: 'ATR <x@atr.local>' }, log);
    mailer.queue({ to: 'a@example.com', subject: 'Hello', text: 't', html: '<p>t</p>', links: [] });
    await mailer.idle();
    expect(errors.length).toBe(1);
    expect(errors[0]![1]).toBe('mail could not be sent');
    await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
  });
});
