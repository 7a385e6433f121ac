// Payments on both databases: the built-in test checkout end to end, and Stripe mode offline (a
// loopback stand-in for the Stripe API, signed webhook fixtures): duplicates, out-of-order and
// concurrent deliveries end in exactly one purchase; forged webhooks change nothing; downloads are gated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { messages, reportUiMessages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { reportRepository } from '../reports/repository.ts';
import { startTestApp, type TestApp } from '../reports/test-helpers.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

type User = Awaited<ReturnType<TestApp['signUp']>>;

async function completedReport(ctx: TestApp, user: User, name = 'Acme Portal'): Promise<string> {
  const id = crypto.randomUUID();
  await reportRepository(ctx.db).insert({
    id,
    userId: user.id,
    projectName: name,
    projectSource: 'zip',
    templateName: 't.yaml',
    input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
  });
  await ctx.db.query(`UPDATE reports SET status = 'completed', step = 'done', progress = 100 WHERE id = $1`, [
    id,
  ]);
  await ctx.app.storage.put(`reports/${id}/report.docx`, Buffer.from('DOCX-BYTES'));
  await ctx.app.storage.put(`reports/${id}/report-latex.zip`, Buffer.from('ZIP-BYTES'));
  return id;
}

const paidRows = async (ctx: TestApp, reportId: string) =>
  (
    await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM purchases WHERE report_id = $1 AND status = 'paid'`,
      [reportId],
    )
  )[0]!.n;

describe.each(testDatabases)('test checkout on $name', (t) => {
  let ctx: TestApp;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    ctx = await startTestApp(t);
    alice = await ctx.signUp();
    bob = await ctx.signUp();
  }, 60_000);
  afterAll(async () => ctx?.close());

  const checkout = (user: User, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: user.auth,
      payload: body,
    });

  it('refuses cross-site posts to the test checkout and accepts a same-origin post without Origin', async () => {
    const carol = await ctx.signUp();
    const id = await completedReport(ctx, carol, 'Cross Site');
    const { url } = (await checkout(carol, { report_id: id, tier: 'latex' })).json();
    const page = await ctx.app.inject({ url });
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `${url}/pay`, headers: { ...form, ...headers }, payload: '' });
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await post({ 'sec-fetch-site': 'cross-site', origin: 'null' })).statusCode).toBe(400);
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(400);
    expect(await paidRows(ctx, id)).toBe(0);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'null' })).statusCode).toBe(303);
    expect(await paidRows(ctx, id)).toBe(1);
  });

  it('pays through the test page, unlocks the download once, and lists the purchase', async () => {
    const id = await completedReport(ctx, alice);
    const before = await ctx.app.inject({ url: `/api/download/${id}/docx`, headers: alice.auth });
    expect(before.statusCode).toBe(402);
    expect(before.json().message).toBe(messages.purchase.mustPurchase('WORD'));

    const res = await checkout(alice, { report_id: id }); // tier defaults to word
    expect(res.statusCode).toBe(200);
    const { url, id: sessionId } = res.json();
    expect(url).toBe(`/checkout/test/${sessionId}`);
    expect(sessionId).toMatch(/^test_cs_[0-9a-f]{64}$/);

    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain(reportUiMessages.testModeTitle);
    expect(page.body).toContain('Acme Portal');
    expect(page.body).toContain('4.99 EUR');

    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(
      `/app/payment-success?reportId=${id}&format=word&session_id=${sessionId}`,
    );

    const status = (
      await ctx.app.inject({ url: `/api/reports/${id}/payment-status`, headers: alice.auth })
    ).json();
    expect(status).toMatchObject({
      paid: true,
      can_download_docx: true,
      can_download_word: true,
      can_download_latex: false,
      amount: 499,
      currency: 'eur',
    });
    expect(status.word_payment).toMatchObject({ amount: 499 });
    expect(status.latex_payment).toBeNull();

    const dl = await ctx.app.inject({ url: `/api/download/${id}/docx`, headers: alice.auth });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe('attachment; filename="Acme-Portal-report.docx"');
    expect(dl.body).toBe('DOCX-BYTES');
    expect((await ctx.app.inject({ url: `/api/download/${id}/word`, headers: alice.auth })).statusCode).toBe(
      200,
    );
    const latex = await ctx.app.inject({ url: `/api/download/${id}/latex`, headers: alice.auth });
    expect(latex.statusCode).toBe(402);
    expect(latex.json().message).toBe(messages.purchase.mustPurchase('LATEX'));

    // Paying again (a second click, a replayed form) adds nothing; a new checkout says it is already paid.
    await ctx.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(await paidRows(ctx, id)).toBe(1);
    expect((await checkout(alice, { report_id: id, tier: 'word' })).json()).toEqual({
      url: `/app/report/${id}`,
      id: sessionId,
      already_paid: true,
    });

    const detail = (await ctx.app.inject({ url: `/api/reports/${id}`, headers: alice.auth })).json();
    expect(detail).toMatchObject({
      payment_tier: 'word',
      paid_formats: ['word'],
      payment_info: { tier: 'word', amount: 499 },
    });

    const history = (await ctx.app.inject({ url: '/api/purchases', headers: alice.auth })).json();
    expect(history.purchases).toEqual([
      expect.objectContaining({
        reportId: id,
        reportName: 'Acme Portal',
        format: 'word',
        status: 'completed',
        amount: 499,
        downloadUrl: `/api/download/${id}/docx`,
      }),
    ]);
    expect((await ctx.app.inject({ url: '/api/purchases', headers: bob.auth })).json().purchases).toEqual([]);

    // Bob cannot download, check or buy Alice's report.
    expect((await ctx.app.inject({ url: `/api/download/${id}/docx`, headers: bob.auth })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ url: `/api/reports/${id}/payment-status`, headers: bob.auth })).statusCode,
    ).toBe(404);
    expect((await checkout(bob, { report_id: id })).statusCode).toBe(404);
  });

  it('cancelling the test checkout charges nothing', async () => {
    const id = await completedReport(ctx, alice);
    const { url } = (await checkout(alice, { report_id: id, tier: 'latex' })).json();
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(cancel.statusCode).toBe(303);
    // The checkout tab says the payment was cancelled, rather than opening a second copy of the report.
    expect(cancel.headers.location).toBe(`/app/payment-cancelled?reportId=${id}&format=latex`);
    const status = (
      await ctx.app.inject({ url: `/api/reports/${id}/payment-status`, headers: alice.auth })
    ).json();
    expect(status.paid).toBe(false);
    // A page still waiting on this checkout learns that it ended.
    expect(status.checkout).toEqual({ word: 'none', latex: 'cancelled' });
    expect((await ctx.app.inject({ url: `/api/download/${id}/latex`, headers: alice.auth })).statusCode).toBe(
      402,
    );
  });

  it('tells a waiting page where each checkout stands, and ends open checkouts through the cancel link', async () => {
    const id = await completedReport(ctx, alice);
    const status = async (user: User = alice) =>
      (await ctx.app.inject({ url: `/api/reports/${id}/payment-status`, headers: user.auth })).json();
    expect((await status()).checkout).toEqual({ word: 'none', latex: 'none' });
    const word = (await checkout(alice, { report_id: id, tier: 'word' })).json();
    await checkout(alice, { report_id: id, tier: 'latex' });
    expect((await status()).checkout).toEqual({ word: 'open', latex: 'open' });

    const cancel = (user: User, body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/checkout/cancel', headers: user.auth, payload: body });
    const cancelled = await cancel(alice, { report_id: id, tier: 'word' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().checkout).toEqual({ word: 'cancelled', latex: 'open' });
    // Someone else's report is not found; a malformed body is refused.
    expect((await cancel(bob, { report_id: id, tier: 'latex' })).statusCode).toBe(404);
    expect((await cancel(alice, { report_id: 'nope', tier: 'latex' })).statusCode).toBe(400);
    expect((await status()).checkout.latex).toBe('open');

    // A fresh Buy starts a new checkout rather than handing out the cancelled one.
    const again = (await checkout(alice, { report_id: id, tier: 'word' })).json();
    expect(again.id).not.toBe(word.id);
    expect((await status()).checkout.word).toBe('open');
    // Paying the cancelled session anyway still unlocks the download: cancelling never loses a payment.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${word.url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect((await status()).checkout.word).toBe('paid');
    expect((await status()).can_download_word).toBe(true);
  });

  it('refuses cross-site posts, unknown sessions, unknown formats and unfinished reports', async () => {
    const id = await completedReport(ctx, alice);
    const { url } = (await checkout(alice, { report_id: id })).json();
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `${url}/pay`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(400);
    // The checkout tab shows a page with a sentence and the way back, not the API's JSON.
    expect(forged.headers['content-type']).toMatch(/^text\/html/);
    expect(forged.body).toContain(reportUiMessages.checkoutRefused);
    expect(forged.body).toContain('href="/app"');
    expect(await paidRows(ctx, id)).toBe(0);
    const unknown = await ctx.app.inject({ url: `/checkout/test/test_cs_${'0'.repeat(64)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain(reportUiMessages.checkoutUnavailable);
    expect(unknown.body).not.toMatch(/"code"|"statusCode"/);
    expect((await ctx.app.inject({ url: `/api/download/${id}/pdf`, headers: alice.auth })).statusCode).toBe(
      400,
    );
    expect((await checkout(alice, { report_id: id, tier: 'pdf' })).statusCode).toBe(400);

    const processing = await completedReport(ctx, alice);
    await ctx.db.query(`UPDATE reports SET status = 'processing' WHERE id = $1`, [processing]);
    const notReady = await checkout(alice, { report_id: processing });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(messages.purchase.reportNotCompleted);
  });
});

const WEBHOOK_SECRET = 'whsec_test_secret_for_atr';
const stripe = new Stripe('sk_test_x');

describe.each(testDatabases)('Stripe mode on $name', (t) => {
  let ctx: TestApp;
  let api: Awaited<ReturnType<typeof startStripeStandIn>>;
  let alice: User;
  let eventSeq = 0;

  beforeAll(async () => {
    api = await startStripeStandIn();
    // Every poll asks the provider here; the bounds on provider calls have their own tests (payments-security.test.ts).
    ctx = await startTestApp(t, {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: api.base,
      SITE_URL: 'https://atr.example',
      PAYMENT_VERIFY_INTERVAL_S: '0',
      PAYMENT_PROVIDER_CALLS_PER_MINUTE: '1000',
    });
    alice = await ctx.signUp();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await api?.close();
  });

  const startCheckout = async (reportId: string, tier = 'word') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: alice.auth,
      payload: { report_id: reportId, tier },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { url: string; id: string };
  };
  // Every session here is a Word checkout: its events carry the Word price unless a test says otherwise.
  const event = (type: string, session: Record<string, unknown>, id = `evt_${++eventSeq}`) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', amount_total: 499, currency: 'eur', ...session } },
    });
  const deliver = (payload: string, header?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(header === undefined ? {} : { 'stripe-signature': header }),
      },
      payload,
    });
  const signed = (payload: string, timestamp?: number) =>
    deliver(
      payload,
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        ...(timestamp ? { timestamp } : {}),
      }),
    );

  it('creates a Checkout Session with the server price, metadata, return URLs and an idempotency key', async () => {
    const id = await completedReport(ctx, alice);
    const { url, id: sessionId } = await startCheckout(id, 'latex');
    expect(url).toBe(`https://checkout.stripe.test/c/${sessionId}`);
    const sent = api.sessions.get(sessionId)!;
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('799');
    expect(sent.body.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent.body.get('client_reference_id')).toBe(id);
    expect(sent.body.get('metadata[report_id]')).toBe(id);
    expect(sent.body.get('metadata[format]')).toBe('latex');
    expect(sent.body.get('metadata[user_id]')).toBe(alice.id);
    expect(sent.body.get('success_url')).toBe(
      `https://atr.example/app/payment-success?reportId=${id}&format=latex&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(sent.body.get('cancel_url')).toBe(
      `https://atr.example/app/payment-cancelled?reportId=${id}&format=latex`,
    );
    expect(sent.idempotencyKey).toMatch(/^checkout-[0-9a-f-]{36}$/);
  });

  it('ignores unsigned, tampered, stale and wrongly signed webhooks', async () => {
    const id = await completedReport(ctx, alice);
    const { id: sessionId } = await startCheckout(id);
    const payload = event('checkout.session.completed', {
      id: sessionId,
      payment_status: 'paid',
      payment_intent: 'pi_1',
    });
    expect((await deliver(payload)).statusCode).toBe(400);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload.replace('"paid"', '"paid" '), header)).statusCode).toBe(400);
    expect((await signed(payload, Math.floor(Date.now() / 1000) - 3600)).statusCode).toBe(400);
    expect(
      (await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' })))
        .statusCode,
    ).toBe(400);
    expect(await paidRows(ctx, id)).toBe(0);
    expect((await ctx.db.query('SELECT 1 FROM payment_events')).length).toBe(0);
    // The genuine event then pays.
    expect((await signed(payload)).statusCode).toBe(200);
    expect(await paidRows(ctx, id)).toBe(1);
  });

  it('ends in exactly one purchase whatever arrives twice, out of order or at once', async () => {
    const id = await completedReport(ctx, alice);
    const { id: sessionId } = await startCheckout(id);
    // Async payment succeeds before the (unpaid) completion event arrives.
    expect(
      (
        await signed(
          event('checkout.session.async_payment_succeeded', { id: sessionId, payment_status: 'paid' }),
        )
      ).statusCode,
    ).toBe(200);
    const late = event('checkout.session.completed', { id: sessionId, payment_status: 'unpaid' });
    expect((await signed(late)).statusCode).toBe(200);
    expect((await signed(late)).json()).toEqual({ received: true, duplicate: true });
    // A failure event after the success does not take the purchase away.
    await signed(event('checkout.session.async_payment_failed', { id: sessionId, payment_status: 'unpaid' }));
    expect(await paidRows(ctx, id)).toBe(1);

    // A second session for the same format, paid: concurrent webhooks and the success page's verification race.
    const id2 = await completedReport(ctx, alice);
    const a = await startCheckout(id2);
    // The first session has expired on our side, so a second checkout opens a new one.
    await ctx.db.query(
      `UPDATE purchases SET expires_at = now() - interval '1 minute' WHERE session_id = $1`,
      [a.id],
    );
    const b = await startCheckout(id2);
    expect(b.id).not.toBe(a.id);
    api.sessions.get(a.id)!.paid = true;
    api.sessions.get(b.id)!.paid = true;
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        signed(
          event('checkout.session.completed', { id: a.id, payment_status: 'paid', payment_intent: 'pi_a' }),
        ),
      ),
      signed(
        event('checkout.session.completed', { id: b.id, payment_status: 'paid', payment_intent: 'pi_b' }),
      ),
      ...Array.from({ length: 3 }, () =>
        ctx.app.inject({ url: `/api/reports/${id2}/payment-status`, headers: alice.auth }),
      ),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await paidRows(ctx, id2)).toBe(1);
    const dupes = await ctx.db.query(
      `SELECT 1 FROM purchases WHERE report_id = $1 AND status = 'duplicate'`,
      [id2],
    );
    expect(dupes.length).toBe(1);
    expect((await ctx.app.inject({ url: `/api/download/${id2}/docx`, headers: alice.auth })).statusCode).toBe(
      200,
    );
  });

  it('verifies with the provider on payment-status, never with what the browser says', async () => {
    const id = await completedReport(ctx, alice);
    const { id: sessionId } = await startCheckout(id);
    expect(
      (await ctx.app.inject({ url: `/api/reports/${id}/payment-status`, headers: alice.auth })).json().paid,
    ).toBe(false);
    api.sessions.get(sessionId)!.paid = true;
    const status = (
      await ctx.app.inject({
        url: `/api/reports/${id}/payment-status?session_id=${sessionId}`,
        headers: alice.auth,
      })
    ).json();
    expect(status).toMatchObject({ paid: true, can_download_docx: true });
  });

  it('marks a failed asynchronous payment without unlocking anything', async () => {
    const id = await completedReport(ctx, alice);
    const { id: sessionId } = await startCheckout(id);
    await signed(event('checkout.session.async_payment_failed', { id: sessionId, payment_status: 'unpaid' }));
    const row = (
      await ctx.db.query<{ status: string }>(`SELECT status FROM purchases WHERE session_id = $1`, [
        sessionId,
      ])
    )[0];
    expect(row?.status).toBe('failed');
    expect((await ctx.app.inject({ url: `/api/download/${id}/docx`, headers: alice.auth })).statusCode).toBe(
      402,
    );
  });
});
