// The rules of payments: checkout per report and format at the server's price, one idempotent
// fulfilment (webhook, verification and the test checkout all end there), payment status that asks the
// provider, and downloads only with a paid purchase for that owner, report and format.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import {
  messages,
  trimChars,
  type CheckoutState,
  type Format,
  type PaymentStatus,
  type Purchase,
} from '@atr/shared';
import { AppError, errors } from '../../errors.ts';
import { StorageNotFoundError } from '../../plugins/storage.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { pricingFrom } from '../public/routes.ts';
import { reportRepository } from '../reports/repository.ts';
import { ARTIFACTS, reportPrefix } from '../reports/service.ts';
import { createProvider, stripeClient, type PaymentProvider } from './providers.ts';
import { paymentRepository, type FulfilOutcome, type PaidAmount, type PurchaseRow } from './repository.ts';

/** A pending checkout is handed out again only while it stays payable for at least this long. */
const REUSE_MARGIN_S = 10 * 60;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** `<project>-report.docx`: the project name made safe for a header, never empty. */
export function downloadName(projectName: string, format: Format): string {
  const base = trimChars(projectName.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-'), '-') || 'report';
  return format === 'word' ? `${base}-report.docx` : `${base}-report-latex.zip`;
}

/**
 * The Content-Disposition of a download: an ASCII `filename` every client reads, plus an RFC 5987
 * `filename*` keeping the project's own letters (日本語, Ελληνικά) when the name has any beyond ASCII. Controls,
 * quotes, path separators and other characters a file system or header refuses become '-'.
 */
export function contentDisposition(projectName: string, format: Format): string {
  const ascii = downloadName(projectName, format);
  const base = trimChars(
    projectName
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"'\\/:*?<>|%;]+/gu, '-')
      .replace(/\s+/g, ' '),
    '-. ',
  ).slice(0, 120);
  const full = base ? (format === 'word' ? `${base}-report.docx` : `${base}-report-latex.zip`) : ascii;
  if (/^[\x20-\x7e]*$/.test(full)) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(full).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function paymentService(app: FastifyInstance, provider: PaymentProvider = createProvider(app.config)) {
  const repo = paymentRepository(app.db);
  const reports = reportRepository(app.db);
  const config = app.config;

  async function ownedReport(id: string, userId: string) {
    const r = await reports.findOwned(id, userId);
    if (!r) throw errors.reportNotFound();
    return r;
  }

  // Provider calls per user per minute, counted in the database so every process shares the count.
  const providerCalls = createRateLimiter(app.db, 60);
  /** Counts one provider call for this user; a 429 beyond PAYMENT_PROVIDER_CALLS_PER_MINUTE. */
  async function spendProviderCall(userId: string) {
    if (!(await providerCalls.hit(`payments:provider:${userId}`, config.PAYMENT_PROVIDER_CALLS_PER_MINUTE))) {
      throw errors.tooManyRequests(messages.purchase.tooManyProviderCalls);
    }
  }
  // Concurrent checkout requests of one user for one report and format share one provider call.
  const inFlight = new Map<string, Promise<{ url: string; id: string; already_paid?: true }>>();

  /**
   * The one fulfilment (webhook, verification and test checkout): unlocks the download only when the
   * provider's amount and currency are the purchase's price; a mismatch is logged and unlocks nothing.
   */
  async function fulfil(
    sessionId: string,
    paymentIntent: string | null,
    paid: PaidAmount,
  ): Promise<FulfilOutcome> {
    const outcome = await repo.fulfil(sessionId, paymentIntent, paid);
    if (outcome === 'mismatch') {
      const row = await repo.bySession(sessionId);
      app.log.warn(
        {
          session: sessionId,
          paid_amount: paid.amount,
          paid_currency: paid.currency,
          price_amount: row?.amount,
          price_currency: row?.currency,
        },
        'payment refused: the amount or currency paid differs from the purchase price; nothing unlocked',
      );
    }
    return outcome;
  }

  /** A checkout row as the buyer's page reads it: still payable, paid, or ended without a payment. */
  function checkoutState(row: PurchaseRow | undefined): CheckoutState {
    if (!row) return 'none';
    if (row.status === 'paid') return 'paid';
    if (row.status === 'failed') return 'failed';
    if (row.status === 'cancelled' || row.status === 'duplicate') return 'cancelled';
    return row.expires_at && new Date(row.expires_at).getTime() <= Date.now() ? 'expired' : 'open';
  }

  function statusFrom(paid: PurchaseRow[], latest: PurchaseRow[]): PaymentStatus {
    const rec = (f: Format) => {
      const p = paid.find((x) => x.format === f);
      return p ? { id: p.id, paid_at: iso(p.paid_at)!, amount: p.amount, currency: p.currency } : null;
    };
    const word = rec('word');
    const latex = rec('latex');
    const first = word ?? latex;
    return {
      paid: paid.length > 0,
      can_download_docx: word !== null,
      can_download_word: word !== null,
      can_download_latex: latex !== null,
      payment_id: first?.id ?? null,
      paid_at: first?.paid_at ?? null,
      amount: first?.amount ?? null,
      currency: first?.currency ?? null,
      word_payment: word,
      latex_payment: latex,
      checkout: {
        word: word ? 'paid' : checkoutState(latest.find((x) => x.format === 'word')),
        latex: latex ? 'paid' : checkoutState(latest.find((x) => x.format === 'latex')),
      },
    };
  }

  async function startCheckout(
    userId: string,
    email: string,
    reportId: string,
    format: Format,
  ): Promise<{ url: string; id: string; already_paid?: true }> {
    const report = await ownedReport(reportId, userId);
    const existing = await repo.paidFor(reportId, format, userId);
    if (existing) return { url: `/app/report/${reportId}`, id: existing.session_id, already_paid: true };
    if (report.status !== 'completed') throw errors.conflict(messages.purchase.reportNotCompleted);
    const price = pricingFrom(config)[format];
    const open = await repo.openCheckout(
      { reportId, format, userId, provider: provider.kind, amount: price.amount, currency: price.currency },
      REUSE_MARGIN_S,
    );
    if (open) return { url: open.checkout_url!, id: open.session_id };
    if (provider.kind === 'stripe') await spendProviderCall(userId);
    const purchaseId = randomUUID();
    const q = new URLSearchParams({ reportId, format });
    const successUrl = `${config.siteUrl}/app/payment-success?${q.toString()}&session_id={CHECKOUT_SESSION_ID}`;
    // The checkout's own "back" link: a page that says the payment was cancelled and leads back to the report.
    const cancelUrl = `${config.siteUrl}/app/payment-cancelled?${q.toString()}`;
    let session: { id: string; url: string; expiresAt: Date };
    try {
      session = await provider.createCheckout({
        purchaseId,
        reportId,
        reportName: report.project_name,
        format,
        label: price.label,
        amount: price.amount,
        currency: price.currency,
        userId,
        email,
        successUrl,
        cancelUrl,
      });
    } catch (err) {
      app.log.error({ err }, 'checkout creation failed');
      throw new AppError(
        'payment_provider_error',
        502,
        messages.purchase.failedFormat(format === 'word' ? 'WORD' : 'LATEX'),
      );
    }
    await repo.insert({
      id: purchaseId,
      userId,
      reportId,
      reportName: report.project_name,
      format,
      provider: provider.kind,
      sessionId: session.id,
      checkoutUrl: session.url,
      amount: price.amount,
      currency: price.currency,
      expiresAt: session.expiresAt,
    });
    return { url: session.url, id: session.id };
  }

  const service = {
    provider,
    repo,
    fulfil,

    /**
     * A checkout for one report and format: the still-open pending session of this user at today's price
     * when there is one, a new provider session otherwise (at most PAYMENT_PROVIDER_CALLS_PER_MINUTE).
     */
    createCheckout(userId: string, email: string, reportId: string, format: Format) {
      const key = `${userId}:${reportId}:${format}`;
      const running = inFlight.get(key);
      if (running) return running;
      const started = startCheckout(userId, email, reportId, format).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    /**
     * Verifies pending sessions with the provider (never trusting the browser), then reports what is paid.
     * Each purchase is asked about at most once per PAYMENT_VERIFY_INTERVAL_S (the recorded state is served
     * in between), and every call counts towards the user's PAYMENT_PROVIDER_CALLS_PER_MINUTE.
     */
    async paymentStatus(reportId: string, userId: string): Promise<PaymentStatus> {
      await ownedReport(reportId, userId);
      // The built-in test checkout keeps no state of its own: its page fulfils directly.
      const pending = provider.kind === 'stripe' ? await repo.pending(reportId, userId, provider.kind) : [];
      for (const p of pending) {
        if (!(await repo.claimCheck(p.id, config.PAYMENT_VERIFY_INTERVAL_S))) continue;
        await spendProviderCall(userId);
        const s = await provider.retrieve(p.session_id).catch((err: unknown) => {
          app.log.warn({ err, session: p.session_id }, 'payment provider lookup failed');
          return null;
        });
        if (s?.paid) await fulfil(p.session_id, s.paymentIntent, { amount: s.amount, currency: s.currency });
        else if (s?.failed) await repo.settleUnpaid(p.session_id, 'failed');
      }
      const [paid, latest] = await Promise.all([
        repo.paid(reportId, userId),
        repo.latestCheckouts(reportId, userId),
      ]);
      return statusFrom(paid, latest);
    },

    /**
     * The buyer came back from a checkout through its cancel link: their open checkouts of this format end as
     * cancelled, so no page keeps waiting and the next Buy starts a fresh checkout. Paying a session later still
     * unlocks the download (fulfilment accepts a cancelled row).
     */
    async cancelCheckout(reportId: string, format: Format, userId: string): Promise<PaymentStatus> {
      await ownedReport(reportId, userId);
      await repo.cancelOpen(reportId, format, userId);
      return service.paymentStatus(reportId, userId);
    },

    async download(reportId: string, format: Format, userId: string) {
      const report = await ownedReport(reportId, userId);
      if (!(await repo.paidFor(reportId, format, userId)))
        throw errors.paymentRequired(format === 'word' ? 'WORD' : 'LATEX');
      const key = `${reportPrefix(reportId)}${format === 'word' ? ARTIFACTS.docx : ARTIFACTS.latex}`;
      try {
        const stream = await app.storage.get(key);
        const stat = await app.storage.stat(key);
        return {
          stream,
          size: stat?.size ?? null,
          filename: downloadName(report.project_name, format),
          disposition: contentDisposition(report.project_name, format),
        };
      } catch (e) {
        if (e instanceof StorageNotFoundError)
          throw errors.notFound('The file of this report is not available.');
        throw e;
      }
    },

    async purchases(userId: string): Promise<{ purchases: Purchase[] }> {
      const rows = await repo.history(userId);
      return {
        purchases: rows.map((p) => ({
          id: p.id,
          reportId: p.report_id!,
          reportName: p.report_name,
          format: p.format,
          status: 'completed' as const,
          purchasedAt: iso(p.paid_at)!,
          amount: p.amount,
          currency: p.currency,
          downloadUrl: `/api/download/${p.report_id}/${p.format === 'word' ? 'docx' : 'latex'}`,
          sessionId: p.session_id,
        })),
      };
    },

    /** A verified Stripe event. Deduplicated by id; safe in any order (fulfil never downgrades). */
    async handleStripeEvent(event: Stripe.Event): Promise<{ received: true; duplicate?: true }> {
      if (await repo.eventSeen(event.id)) return { received: true, duplicate: true };
      if (event.type.startsWith('checkout.session.')) {
        const s = event.data.object as Stripe.Checkout.Session;
        const pi = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
        // A session we have no row for (e.g. the insert after creation failed) is rebuilt from its signed metadata.
        if (!(await repo.bySession(s.id))) {
          const m = s.metadata ?? {};
          const format = m.format === 'latex' ? 'latex' : m.format === 'word' ? 'word' : null;
          const report =
            m.report_id && m.user_id
              ? await reports.findOwned(m.report_id, m.user_id).catch(() => null)
              : null;
          if (report && format) {
            await repo.insert({
              id: m.purchase_id ?? randomUUID(),
              userId: report.user_id,
              reportId: report.id,
              reportName: report.project_name,
              format,
              provider: 'stripe',
              sessionId: s.id,
              checkoutUrl: s.url ?? '',
              // Today's price, never the event's own amount: fulfilment then checks what was paid against it.
              amount: pricingFrom(config)[format].amount,
              currency: pricingFrom(config)[format].currency,
              expiresAt: s.expires_at ? new Date(s.expires_at * 1000) : null,
            });
          }
        }
        if (
          event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded'
        ) {
          if (
            event.type === 'checkout.session.async_payment_succeeded' ||
            s.payment_status === 'paid' ||
            s.payment_status === 'no_payment_required'
          ) {
            // A mismatch is answered 2xx like any handled event: Stripe's retries would carry the same amount.
            await fulfil(s.id, pi, { amount: s.amount_total ?? null, currency: s.currency ?? null });
          }
        } else if (event.type === 'checkout.session.async_payment_failed') {
          await repo.settleUnpaid(s.id, 'failed');
        } else if (event.type === 'checkout.session.expired') {
          await repo.settleUnpaid(s.id, 'cancelled');
        }
      }
      await repo.recordEvent(event.id, event.type);
      return { received: true };
    },

    /** Verifies the signature on the raw body; throws a 400 AppError when it does not hold. */
    verifyStripeEvent(raw: Buffer, signature: string | undefined): Stripe.Event {
      if (!config.STRIPE_WEBHOOK_SECRET) throw errors.validation('Webhooks are not configured.');
      if (!signature) throw errors.validation('Missing Stripe signature.');
      try {
        return stripeClient(config).webhooks.constructEvent(raw, signature, config.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw errors.validation('Invalid Stripe signature.');
      }
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof paymentService>;
