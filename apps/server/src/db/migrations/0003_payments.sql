-- Payments: one row per checkout session (Stripe or the built-in test checkout) and the provider
-- events already handled. A unique partial index guarantees at most one paid purchase per
-- (report, format, user), whatever arrives twice or races.

CREATE TABLE IF NOT EXISTS purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Kept (as NULL) when the report is deleted, so purchase history survives.
  report_id uuid REFERENCES reports(id) ON DELETE SET NULL,
  report_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('word', 'latex')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'duplicate')),
  provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
  session_id text NOT NULL UNIQUE,
  payment_intent text,
  checkout_url text,
  amount integer NOT NULL,
  currency text NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS purchases_one_paid_idx ON purchases (report_id, format, user_id) WHERE status = 'paid';
CREATE INDEX IF NOT EXISTS purchases_user_idx ON purchases (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS purchases_report_idx ON purchases (report_id, user_id);

-- Provider webhook events already processed (deduplication by event id).
CREATE TABLE IF NOT EXISTS payment_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
