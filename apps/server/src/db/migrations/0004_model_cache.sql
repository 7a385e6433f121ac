-- Model responses cached per user, keyed by sha256(model + system + prompt), so regenerating an
-- unchanged project sends nothing to the provider. POST /api/reports/cache/clear empties a user's rows.
CREATE TABLE IF NOT EXISTS model_cache (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
