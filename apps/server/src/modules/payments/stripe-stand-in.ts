// Test helper: a loopback stand-in for the Stripe API (checkout session create and retrieve) that speaks
// Stripe's wire protocol, records what it was sent and counts every request it receives.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSession {
  paid: boolean;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  amount_total: number;
  currency: string;
  expires_at: number;
}

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const requests = { create: 0, retrieve: 0 };
  let seq = 0;
  const view = (id: string, s: StandInSession) => ({
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/${id}`,
    amount_total: s.amount_total,
    currency: s.currency,
    expires_at: s.expires_at,
    payment_status: s.paid ? 'paid' : 'unpaid',
    status: s.paid ? 'complete' : 'open',
    payment_intent: s.paid ? `pi_${id}` : null,
  });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        requests.create++;
        const id = `cs_test_${++seq}`;
        const body = new URLSearchParams(raw);
        const s: StandInSession = {
          paid: false,
          body,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          currency: body.get('line_items[0][price_data][currency]') ?? 'eur',
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
        };
        sessions.set(id, s);
        res.end(JSON.stringify(view(id, s)));
        return;
      }
      const m = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.url ?? '');
      const s = m ? sessions.get(m[1]!) : undefined;
      if (req.method === 'GET' && m) requests.retrieve++;
      if (req.method === 'GET' && s) {
        res.end(JSON.stringify(view(m![1]!, s)));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such session' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    sessions,
    requests,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
