// Attacks on payments and their configuration, each kept as a regression test: a public deployment that
// would give downloads away, signed webhooks paying the wrong amount or currency, and floods of checkout
// requests and status polls that would multiply calls to the payment provider (counted at a loopback
// stand-in speaking Stripe's wire protocol).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { messages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { reportRepository } from '../reports/repository.ts';
import { startTestApp, until, type TestApp } from '../reports/test-helpers.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';

type User = Awaited<ReturnType<TestApp['signUp']>>;

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEBHOOK_SECRET = 'whsec_security_suite';
const stripe = new Stripe('sk_test_x');

async function completedReport(ctx: TestApp, user: User): Promise<string> {
  const id = crypto.randomUUID();
  await reportRepository(ctx.db).insert({
    id,
    userId: user.id,
    projectName: 'Acme Portal',
    projectSource: 'zip',
    templateName: 't.yaml',
    input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
  });
  await ctx.db.query(`UPDATE reports SET status = 'completed', step = 'done', progress = 100 WHERE id = $1`, [
    id,
  ]);
  await ctx.app.storage.put(`reports/${id}/report.docx`, Buffer.from('DOCX-BYTES'));
  return id;
}

describe.each(testDatabases)('payment attacks on $name', (t) => {
  let ctx: TestApp;
  let api: StripeStandIn;
  let eventSeq = 0;

  beforeAll(async () => {
    api = await startStripeStandIn();
    ctx = await startTestApp(t, {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: api.base,
      SITE_URL: 'https://atr.example',
      PAYMENT_VERIFY_INTERVAL_S: '5',
      PAYMENT_PROVIDER_CALLS_PER_MINUTE: '6',
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await api?.close();
  });

  const checkout = (user: User, reportId: string, tier = 'word') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: user.auth,
      payload: { report_id: reportId, tier },
    });
  const status = (user: User, reportId: string) =>
    ctx.app.inject({ url: `/api/reports/${reportId}/payment-status`, headers: user.auth });
  const download = (user: User, reportId: string) =>
    ctx.app.inject({ url: `/api/download/${reportId}/docx`, headers: user.auth });
  const paidRows = async (reportId: string) =>
    (
      await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM purchases WHERE report_id = $1 AND status = 'paid'`,
        [reportId],
      )
    )[0]!.n;
  const signedEvent = (session: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_sec_${++eventSeq}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', payment_status: 'paid', ...session } },
    });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  it('webhook amount mismatch: a signed completion paying less than the price unlocks nothing', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const { id: sessionId } = (await checkout(user, id)).json();
    const res = await signedEvent({
      id: sessionId,
      amount_total: 1,
      currency: 'eur',
      payment_intent: 'pi_cheap',
    });
    // Answered 2xx (handled, nothing to retry): Stripe would only redeliver the same wrong amount.
    expect(res.statusCode).toBe(200);
    expect(await paidRows(id)).toBe(0);
    expect((await download(user, id)).statusCode).toBe(402);
    expect((await status(user, id)).json()).toMatchObject({ paid: false, can_download_word: false });
  });

  it('webhook currency mismatch: a signed completion paying the price in another currency unlocks nothing', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const { id: sessionId } = (await checkout(user, id)).json();
    expect(
      (await signedEvent({ id: sessionId, amount_total: 499, currency: 'huf', payment_intent: 'pi_huf' }))
        .statusCode,
    ).toBe(200);
    expect(await paidRows(id)).toBe(0);
    expect((await download(user, id)).statusCode).toBe(402);
    // The genuine amount in the genuine currency still pays (the refusal did not break the purchase for good).
    const other = await completedReport(ctx, user);
    const { id: good } = (await checkout(user, other)).json();
    expect(
      (await signedEvent({ id: good, amount_total: 499, currency: 'EUR', payment_intent: 'pi_ok' }))
        .statusCode,
    ).toBe(200);
    expect(await paidRows(other)).toBe(1);
  });

  it('webhook amount mismatch on a session rebuilt from metadata: checked against the price table, not the event', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const metadata = { report_id: id, user_id: user.id, format: 'word' };
    expect(
      (await signedEvent({ id: 'cs_unknown_cheap', amount_total: 50, currency: 'eur', metadata })).statusCode,
    ).toBe(200);
    expect(await paidRows(id)).toBe(0);
    expect((await download(user, id)).statusCode).toBe(402);
  });

  it('verification amount mismatch: a provider session paid at another amount is not fulfilled by the status poll', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const { id: sessionId } = (await checkout(user, id)).json();
    const session = api.sessions.get(sessionId)!;
    session.paid = true;
    session.amount_total = 100;
    expect((await status(user, id)).json()).toMatchObject({ paid: false });
    expect(await paidRows(id)).toBe(0);
    expect((await download(user, id)).statusCode).toBe(402);
  });

  it('checkout flood: 20 checkout requests for one report and format create one provider session', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const before = api.requests.create;
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => checkout(user, id)));
    const sequential = [];
    for (let i = 0; i < 10; i++) sequential.push(await checkout(user, id));
    const all = [...concurrent, ...sequential];
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(api.requests.create - before).toBe(1);
    expect(new Set(all.map((r) => r.json().url)).size).toBe(1);
    // An expired session is not handed out again: the next request opens a new one.
    await ctx.db.query(`UPDATE purchases SET expires_at = now() + interval '1 minute' WHERE report_id = $1`, [
      id,
    ]);
    const fresh = (await checkout(user, id)).json();
    expect(api.requests.create - before).toBe(2);
    expect(fresh.url).not.toBe(all[0]!.json().url);
  });

  it('status poll flood: 50 payment-status polls make one provider call per purchase and interval', async () => {
    const user = await ctx.signUp();
    const id = await completedReport(ctx, user);
    const { id: sessionId } = (await checkout(user, id)).json();
    const before = api.requests.retrieve;
    const polls = await Promise.all(Array.from({ length: 25 }, () => status(user, id)));
    for (let i = 0; i < 25; i++) polls.push(await status(user, id));
    expect(polls.every((r) => r.statusCode === 200)).toBe(true);
    expect(api.requests.retrieve - before).toBe(1);
    // Between checks the recorded state is served; once the interval has passed the provider is asked again.
    api.sessions.get(sessionId)!.paid = true;
    expect((await status(user, id)).json().paid).toBe(false);
    await ctx.db.query(
      `UPDATE purchases SET checked_at = now() - interval '6 seconds' WHERE session_id = $1`,
      [sessionId],
    );
    expect((await status(user, id)).json()).toMatchObject({ paid: true, can_download_word: true });
    expect(api.requests.retrieve - before).toBe(2);
  });

  it('provider call cap: beyond PAYMENT_PROVIDER_CALLS_PER_MINUTE a user gets a 429 and the provider is not called', async () => {
    const user = await ctx.signUp();
    const reports = await Promise.all(Array.from({ length: 4 }, () => completedReport(ctx, user)));
    const before = api.requests.create;
    for (const id of reports.slice(0, 3)) {
      expect((await checkout(user, id, 'word')).statusCode).toBe(200);
      expect((await checkout(user, id, 'latex')).statusCode).toBe(200);
    }
    expect(api.requests.create - before).toBe(6);
    const refused = await checkout(user, reports[3]!, 'word');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      message: messages.purchase.tooManyProviderCalls,
    });
    expect(api.requests.create - before).toBe(6);
    // A reused open session costs no provider call, so it is still handed out.
    expect((await checkout(user, reports[0]!, 'word')).statusCode).toBe(200);
    // Verifications count too: a poll that is due to ask the provider is refused the same way.
    const retrieves = api.requests.retrieve;
    const poll = await status(user, reports[1]!);
    expect(poll.statusCode).toBe(429);
    expect(poll.json().message).toBe(messages.purchase.tooManyProviderCalls);
    expect(api.requests.retrieve).toBe(retrieves);
    // Another user is not affected.
    const other = await ctx.signUp();
    expect((await checkout(other, await completedReport(ctx, other))).statusCode).toBe(200);
  });
});

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Runs an entry point the way `npm start` / `npm run worker` do, with only the given payment settings. */
function run(entry: 'server.ts' | 'worker.ts', env: Record<string, string>) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', `src/${entry}`], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      JWT_SECRET: 'start-test-secret-start-test-secret-00',
      DATABASE_URL: '',
      SITE_URL: '',
      STRIPE_SECRET_KEY: '',
      PAYMENTS: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

describe('production-without-payments start', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-start-'));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('npm start refuses a public SITE_URL without a payment provider, naming the variables', async () => {
    const p = run('server.ts', {
      SITE_URL: 'https://reports.example.com',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    children.push(p.child);
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(
      /PAYMENTS: no payment provider is configured for a public deployment \(SITE_URL is https:\/\/reports\.example\.com\)/,
    );
    expect(p.output()).toMatch(/STRIPE_SECRET_KEY/);
  });

  it('npm run worker refuses a shared database without a payment provider', async () => {
    const p = run('worker.ts', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir });
    children.push(p.child);
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/PAYMENTS: .*DATABASE_URL is set.*PAYMENTS=test/);
  });

  it('starts a public deployment with PAYMENTS=test, warns once and tells the web app', async () => {
    const port = await freePort();
    const p = run('server.ts', {
      SITE_URL: 'https://reports.example.com',
      PAYMENTS: 'test',
      DATA_DIR: path.join(dataDir, 'a'),
      PORT: String(port),
    });
    children.push(p.child);
    const pricing = await until(
      'the server',
      async () => (await fetch(`http://127.0.0.1:${port}/api/pricing`)).json(),
      60_000,
      200,
    );
    expect(pricing).toMatchObject({ test_mode: true });
    const warnings =
      p.output().match(/payments are in test mode \(PAYMENTS=test\): downloads are given away/g) ?? [];
    expect(warnings.length).toBe(1);
    p.child.kill('SIGTERM');
    await p.exited;
  }, 90_000);

  it('npm start with nothing configured still starts the local demo with the test checkout', async () => {
    const port = await freePort();
    const p = run('server.ts', { DATA_DIR: path.join(dataDir, 'b'), PORT: String(port) });
    children.push(p.child);
    const pricing = await until(
      'the server',
      async () => (await fetch(`http://127.0.0.1:${port}/api/pricing`)).json(),
      60_000,
      200,
    );
    expect(pricing).toMatchObject({ test_mode: true });
    expect(p.output()).toMatch(/payments are in test mode \(no STRIPE_SECRET_KEY on a local demo\)/);
    p.child.kill('SIGTERM');
    await p.exited;
  }, 90_000);
});
