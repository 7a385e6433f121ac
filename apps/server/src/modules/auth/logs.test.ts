import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { readOutbox } from '../../plugins/mailer.ts';
import { freePort, goTrueClient, openLink } from './test-harness.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The real server process at LOG_LEVEL=debug with NODE_ENV=production (the default): whatever it prints
// must not hold a password, an access or refresh token, a confirmation or recovery link token, or the
// JWT secret; the outbox logs only the file name of each message.
describe.each(testDatabases)('auth logs on $name', (t) => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let base: string;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.JWT_SECRET;
    if (t.name === 'postgres') {
      const created = await t.create();
      env.DATABASE_URL = created.url;
      // A DATABASE_URL makes it a public deployment: the test checkout must be chosen explicitly.
      env.PAYMENTS = 'test';
      dropDb = created.drop;
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: base,
      LOG_LEVEL: 'debug',
      WORKER_IN_PROCESS: 'false',
      NODE_ENV: 'production',
    });
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      const ok = await fetch(`${base}/auth/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDb?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The newest outbox mail to `to` whose subject matches (mail leaves after the answer). */
  async function mailTo(to: string, subject: RegExp) {
    for (let i = 0; i < 100; i++) {
      const mail = (await readOutbox({ dataDir }))
        .filter((m) => m.to === to && subject.test(m.subject))
        .pop();
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} matching ${subject}`);
  }

  it('never logs passwords, link, access or refresh tokens, and generates a private JWT secret', async () => {
    const client = goTrueClient(base);
    const email = 'logs@example.com';
    const passwords = ['Secret-Pass-One', 'Secret-Pass-Two', 'Wrong-Pass-Three', 'Secret-Pass-Four'];
    const secrets: string[] = [...passwords];

    expect(
      (
        await client.signUp({
          email,
          password: passwords[0]!,
          options: { emailRedirectTo: `${base}/auth/callback` },
        })
      ).error,
    ).toBeNull();
    const mail = await mailTo(email, /Confirm/);
    const linkToken = new URL(mail.links[0]!).searchParams.get('token')!;
    secrets.push(linkToken);
    const opened = await openLink(mail.links[0]!);
    secrets.push(opened.fragment.get('access_token')!, opened.fragment.get('refresh_token')!);

    expect((await client.signInWithPassword({ email, password: passwords[2]! })).error?.code).toBe(
      'invalid_credentials',
    );
    const signIn = await client.signInWithPassword({ email, password: passwords[0]! });
    secrets.push(signIn.data.session!.access_token, signIn.data.session!.refresh_token);
    const refreshed = await client.refreshSession();
    secrets.push(refreshed.data.session!.access_token, refreshed.data.session!.refresh_token);
    expect(
      (await client.updateUser({ password: passwords[1]!, current_password: passwords[0]! })).error,
    ).toBeNull();
    await fetch(`${base}/api/anything`, {
      headers: { authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect((await client.signOut()).error).toBeNull();

    // Password recovery: the link token, and the session it opens, through GET and POST /verify.
    expect(
      (await client.resetPasswordForEmail(email, { redirectTo: `${base}/reset-password` })).error,
    ).toBeNull();
    const reset = await mailTo(email, /Reset/);
    const recoveryToken = new URL(reset.links[0]!).searchParams.get('token')!;
    secrets.push(recoveryToken);
    const recovered = await openLink(reset.links[0]!);
    const recoveryAccess = recovered.fragment.get('access_token')!;
    secrets.push(recoveryAccess, recovered.fragment.get('refresh_token')!);
    const put = await fetch(`${base}/auth/v1/user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${recoveryAccess}` },
      body: JSON.stringify({ password: passwords[3] }),
    });
    expect(put.status).toBe(200);
    await fetch(`${base}/auth/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'recovery', token_hash: recoveryToken }),
    });
    await fetch(`${base}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: recovered.fragment.get('refresh_token') }),
    });

    const secretFile = path.join(dataDir, 'jwt-secret');
    const stat = await fs.stat(secretFile);
    expect(stat.mode & 0o777).toBe(0o600);
    secrets.push((await fs.readFile(secretFile, 'utf8')).trim());

    await new Promise((r) => setTimeout(r, 300)); // let the last log lines arrive
    expect(output).toContain('incoming request'); // debug logging really was on
    expect(output).toContain('/auth/v1/verify?token=[redacted]');
    for (const s of secrets)
      expect(output.includes(s), `log contains a secret (${s.slice(0, 6)}…)`).toBe(false);
    // Each outbox mail is logged by its file name only.
    const outboxLines = output.split('\n').filter((l) => l.includes('Outbox: mail written'));
    expect(outboxLines.length).toBe((await readOutbox({ dataDir })).length);
    expect(outboxLines.some((l) => l.includes(mail.file))).toBe(true);
    expect(outboxLines.some((l) => l.includes(reset.file))).toBe(true);
    expect(output).not.toContain('Outbox: mail to');
  });
});
