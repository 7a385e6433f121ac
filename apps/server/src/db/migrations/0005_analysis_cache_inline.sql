-- The analysis cache holds the analysis itself (jsonb) rather than a storage key, plus how often it
-- was reused; rows from before this migration keep their storage_key until cache/clear removes them.
ALTER TABLE analysis_cache ALTER COLUMN storage_key DROP NOT NULL;
ALTER TABLE analysis_cache ADD COLUMN IF NOT EXISTS analysis jsonb;
ALTER TABLE analysis_cache ADD COLUMN IF NOT EXISTS size_bytes integer;
ALTER TABLE analysis_cache ADD COLUMN IF NOT EXISTS hits integer NOT NULL DEFAULT 0;
ALTER TABLE analysis_cache ADD COLUMN IF NOT EXISTS last_used_at timestamptz NOT NULL DEFAULT now();
-- Trimming a user's cache to its newest entries reads them by last use.
CREATE INDEX IF NOT EXISTS analysis_cache_user_used_idx ON analysis_cache (user_id, last_used_at DESC);
