// Payment providers behind one interface: Stripe Checkout when PAYMENTS is stripe (STRIPE_SECRET_KEY set),
// otherwise the built-in test checkout (a page served by this app, clearly marked as test mode).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Format } from '@atr/shared';
import type { Config } from '../../config.ts';

export interface CheckoutInput {
  purchaseId: string;
  reportId: string;
  reportName: string;
  format: Format;
  label: string;
  amount: number;
  currency: string;
  userId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSession {
  paid: boolean;
  failed: boolean;
  paymentIntent: string | null;
  /** What the session charges: amount_total in minor units, and its currency. */
  amount: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  kind: 'stripe' | 'test';
  /** A new checkout session; expiresAt is when the provider stops accepting payment on it. */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string; expiresAt: Date }>;
  /** Asks the provider about a session; null when the provider keeps no state of its own (test mode). */
  retrieve(sessionId: string): Promise<ProviderSession | null>;
}

const SESSION_TTL_MS = 24 * 3600_000;

export function stripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_unset', {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export function stripeProvider(config: Config): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    kind: 'stripe',
    async createCheckout(i) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: i.currency,
                unit_amount: i.amount,
                product_data: { name: `${i.label} — ${i.reportName}` },
              },
            },
          ],
          client_reference_id: i.reportId,
          metadata: { report_id: i.reportId, format: i.format, user_id: i.userId, purchase_id: i.purchaseId },
          customer_email: i.email,
          success_url: i.successUrl,
          cancel_url: i.cancelUrl,
        },
        { idempotencyKey: `checkout-${i.purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      // Stripe's sessions expire 24 hours after creation unless told otherwise.
      const expiresAt = new Date(
        session.expires_at ? session.expires_at * 1000 : Date.now() + SESSION_TTL_MS,
      );
      return { id: session.id, url: session.url, expiresAt };
    },
    async retrieve(sessionId) {
      const s = await stripe.checkout.sessions.retrieve(sessionId);
      const pi = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
      return {
        paid: s.payment_status === 'paid' || s.payment_status === 'no_payment_required',
        failed: s.status === 'expired',
        paymentIntent: pi,
        amount: s.amount_total ?? null,
        currency: s.currency ?? null,
      };
    },
  };
}

export function testProvider(): PaymentProvider {
  return {
    kind: 'test',
    async createCheckout() {
      // 256 random bits: the session id is the capability to pay for this purchase, so it must be unguessable.
      const id = `test_cs_${randomBytes(32).toString('hex')}`;
      return { id, url: `/checkout/test/${id}`, expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
    },
    async retrieve() {
      return null;
    },
  };
}

export function createProvider(config: Config): PaymentProvider {
  return config.payments === 'stripe' ? stripeProvider(config) : testProvider();
}
