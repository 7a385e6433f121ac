-- Payments: when a checkout session stops being payable (so a still-open one is handed out again instead
-- of creating another), and when the provider was last asked about a purchase (so status polls ask it at
-- most once per PAYMENT_VERIFY_INTERVAL_S and serve the recorded state in between).

ALTER TABLE purchases ADD COLUMN IF NOT EXISTS expires_at timestamptz;
ALTER TABLE purchases ADD COLUMN IF NOT EXISTS checked_at timestamptz;
CREATE INDEX IF NOT EXISTS purchases_open_idx ON purchases (user_id, report_id, format) WHERE status = 'pending';
