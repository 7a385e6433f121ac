// HTTP routes of payments: checkout, payment status, gated downloads, purchase history, the signed
// Stripe webhook (raw body) and the built-in test checkout pages.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutCancelRequestSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  DownloadParamsSchema,
  PaymentStatusSchema,
  PurchaseListSchema,
  ReportIdSchema,
  formatPrice,
  reportUiMessages,
} from '@atr/shared';
import { ErrorBodySchema } from '../reports/openapi.ts';
import { requireUser } from '../../plugins/auth.ts';
import { AppError, errors } from '../../errors.ts';
import { pricingFrom } from '../public/routes.ts';
import { paymentService, type PaymentService } from './service.ts';

const errorsFor = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));
const secured = [{ bearerAuth: [] }];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const SESSION_RE = /^test_cs_[0-9a-f]{64}$/;

export function testCheckoutPage(p: {
  sessionId: string;
  reportName: string;
  format: string;
  price: string;
  paid: boolean;
}): string {
  const id = escapeHtml(p.sessionId);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TEST MODE checkout — ATR</title>
<style>
body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;box-sizing:border-box;padding:clamp(20px,6vw,32px);max-width:420px;width:calc(100% - 32px);margin:16px;box-shadow:0 4px 24px rgba(0,0,0,.06)}
.banner{background:#fffbeb;color:#451a03;border:1px solid #fcd34d;border-radius:8px;padding:10px 14px;margin-bottom:20px;font-size:14px;line-height:1.45}.banner strong{display:block;color:#78350f}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}dt{color:#64748b}dd{margin:0;font-weight:600}
.actions{display:flex;gap:12px}button{flex:1;padding:12px;border-radius:8px;border:1px solid #cbd5e1;font-size:16px;cursor:pointer;background:#fff}
button.pay{background:#2563eb;color:#fff;border-color:#2563eb}p.note{color:#64748b;font-size:13px;margin-top:16px}
</style></head>
<body><main>
<div class="banner" role="status"><strong>${escapeHtml(reportUiMessages.testModeTitle)}</strong><span>${escapeHtml(reportUiMessages.testModeDetail)}</span></div>
<h1 style="font-size:20px;margin:0 0 16px">Checkout</h1>
<dl><dt>Report</dt><dd>${escapeHtml(p.reportName)}</dd><dt>Format</dt><dd>${escapeHtml(p.format)}</dd><dt>Price</dt><dd>${escapeHtml(p.price)}</dd></dl>
${
  p.paid
    ? `<p>This purchase is already paid.</p><form method="post" action="/checkout/test/${id}/pay"><div class="actions"><button class="pay" type="submit">Continue</button></div></form>`
    : `<div class="actions">
<form method="post" action="/checkout/test/${id}/cancel" style="flex:1;display:flex"><button type="submit">Cancel</button></form>
<form method="post" action="/checkout/test/${id}/pay" style="flex:1;display:flex"><button class="pay" type="submit">Pay ${escapeHtml(p.price)}</button></form>
</div>`
}
<p class="note">This checkout is built into ATR because no payment provider is configured. Paying here unlocks the download exactly like a real payment.</p>
</main></body></html>`;
}

/** What the checkout tab shows when its page or form cannot be used: a sentence and the way back, never JSON. */
export function testCheckoutProblemPage(title: string, detail: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ATR</title>
<style>
body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;box-sizing:border-box;padding:clamp(20px,6vw,32px);max-width:420px;width:calc(100% - 32px);margin:16px;box-shadow:0 4px 24px rgba(0,0,0,.06);text-align:center}
h1{font-size:20px;margin:0 0 12px}p{color:#475569;line-height:1.5;margin:0 0 24px}
a{display:inline-block;padding:12px 20px;border-radius:8px;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600}
</style></head>
<body><main role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><a href="/app">Back to your reports</a></main></body></html>`;
}

/** The built-in test checkout: a page and two POST forms, same-origin only; the session id is the capability. */
async function testCheckoutRoutes(app: FastifyInstance, service: PaymentService) {
  // A person reads these answers in the checkout tab: a page with a sentence and a link, not the API's JSON.
  app.setErrorHandler((error, request, reply) => {
    const status = error instanceof AppError ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'test checkout failed');
    const detail =
      status === 404
        ? reportUiMessages.checkoutUnavailable
        : status === 400
          ? reportUiMessages.checkoutRefused
          : reportUiMessages.checkoutFailed;
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(testCheckoutProblemPage(reportUiMessages.checkoutUnavailableTitle, detail));
  });

  // HTML forms post urlencoded bodies; nothing in them is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const load = async (sessionId: string) => {
    if (!SESSION_RE.test(sessionId)) throw errors.notFound();
    const p = await service.repo.bySession(sessionId);
    if (!p || p.provider !== 'test' || !p.report_id) throw errors.notFound();
    return p;
  };
  // A cross-site form post carries a foreign Origin (or Sec-Fetch-Site: cross-site); refuse it. Browsers
  // send `Origin: null` under a no-referrer policy, so Sec-Fetch-Site decides when it is present.
  const sameOrigin = (headers: Record<string, string | string[] | undefined>) => {
    const site = headers['sec-fetch-site'];
    if (typeof site === 'string') return site === 'same-origin' || site === 'none';
    const origin = headers.origin;
    if (typeof origin !== 'string') return true;
    try {
      return new URL(origin).host === headers.host || origin === app.config.siteUrl;
    } catch {
      return false;
    }
  };

  app.get<{ Params: { sessionId: string } }>(
    '/checkout/test/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const p = await load(request.params.sessionId);
      const price = pricingFrom(app.config)[p.format];
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .send(
          testCheckoutPage({
            sessionId: p.session_id,
            reportName: p.report_name,
            format: price.label,
            price: formatPrice(p.amount, p.currency),
            paid: p.status === 'paid',
          }),
        );
    },
  );

  app.post<{ Params: { sessionId: string } }>(
    '/checkout/test/:sessionId/pay',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!sameOrigin(request.headers)) throw errors.validation('Cross-site request refused.');
      const p = await load(request.params.sessionId);
      // The test page charges exactly the purchase's recorded price.
      await service.fulfil(p.session_id, null, { amount: p.amount, currency: p.currency });
      const q = new URLSearchParams({ reportId: p.report_id!, format: p.format, session_id: p.session_id });
      return reply.redirect(`/app/payment-success?${q.toString()}`, 303);
    },
  );

  app.post<{ Params: { sessionId: string } }>(
    '/checkout/test/:sessionId/cancel',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!sameOrigin(request.headers)) throw errors.validation('Cross-site request refused.');
      const p = await load(request.params.sessionId);
      await service.repo.settleUnpaid(p.session_id, 'cancelled');
      const q = new URLSearchParams({ reportId: p.report_id!, format: p.format });
      return reply.redirect(`/app/payment-cancelled?${q.toString()}`, 303);
    },
  );
}

export const paymentRoutes: FastifyPluginAsyncZod<{ service?: PaymentService }> = async (app, opts) => {
  const service = opts.service ?? paymentService(app);

  app.post(
    '/api/create-checkout-session',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Start a checkout for one report and format (tier word|latex, default word)',
        security: secured,
        body: CheckoutRequestSchema,
        response: { 200: CheckoutResponseSchema, ...errorsFor(400, 401, 404, 409, 502) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return service.createCheckout(user.id, user.email, request.body.report_id, request.body.tier);
    },
  );

  app.post(
    '/api/checkout/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "End the caller's open checkouts of one report and format (the checkout's cancel link)",
        security: secured,
        body: CheckoutCancelRequestSchema,
        response: { 200: PaymentStatusSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) =>
      service.cancelCheckout(request.body.report_id, request.body.tier, requireUser(request).id),
  );

  app.get(
    '/api/reports/:id/payment-status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'What the caller has paid for on this report (pending sessions verified with the provider)',
        security: secured,
        params: z.object({ id: ReportIdSchema }),
        response: { 200: PaymentStatusSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => service.paymentStatus(request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/download/:id/:format',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Download a paid format (docx|word, latex)',
        security: secured,
        params: DownloadParamsSchema,
        response: { ...errorsFor(400, 401, 402, 404) },
      },
    },
    async (request, reply) => {
      const format = request.params.format === 'latex' ? 'latex' : 'word';
      const file = await service.download(request.params.id, format, requireUser(request).id);
      void reply
        .type(
          format === 'word'
            ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
            : 'application/zip',
        )
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store');
      if (file.size !== null) void reply.header('content-length', file.size);
      return reply.send(file.stream as never);
    },
  );

  app.get(
    '/api/purchases',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The caller's paid purchases",
        security: secured,
        response: { 200: PurchaseListSchema, ...errorsFor(401) },
      },
    },
    async (request) => service.purchases(requireUser(request).id),
  );

  // The webhook reads its body raw: the signature covers the exact bytes Stripe sent.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw.post(
      '/api/webhooks/stripe',
      { schema: { tags: ['payments'], summary: 'Stripe webhook (signed)', hide: false } },
      async (request) => {
        const sig = request.headers['stripe-signature'];
        const event = service.verifyStripeEvent(
          request.body as Buffer,
          typeof sig === 'string' ? sig : undefined,
        );
        return service.handleStripeEvent(event);
      },
    );
  });

  await app.register(async (pages) => testCheckoutRoutes(pages, service));
};
