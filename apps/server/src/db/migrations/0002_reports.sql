-- Reports: one row per generation, owned by a user. Inputs and artifacts live in storage under
-- reports/<id>/; the row holds state, progress and the worker's claim (run_id + heartbeat) that lets a
-- sweep recover a report whose worker died.

CREATE TABLE IF NOT EXISTS reports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_name text NOT NULL,
  project_source text NOT NULL CHECK (project_source IN ('zip', 'github')),
  template_name text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed', 'cancelled')),
  step text NOT NULL DEFAULT 'queued',
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error text,
  -- What the worker needs: storage keys of the inputs, GitHub URL, company data (never the token).
  input jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The optional GitHub token, kept only until the job ends.
  github_token text,
  cancel_requested boolean NOT NULL DEFAULT false,
  run_id uuid,
  attempts integer NOT NULL DEFAULT 0,
  heartbeat_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  file_sizes jsonb NOT NULL DEFAULT '{}'::jsonb,
  page_count integer,
  timings jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The dashboard's query: a user's rows, newest first.
CREATE INDEX IF NOT EXISTS reports_user_created_idx ON reports (user_id, created_at DESC, id DESC);
-- The recovery sweep and the per-user job cap look only at unfinished reports.
CREATE INDEX IF NOT EXISTS reports_processing_idx ON reports (user_id, heartbeat_at) WHERE status = 'processing';

-- Analysis results cached by content hash of the code base, per user (POST /api/reports/cache/clear).
CREATE TABLE IF NOT EXISTS analysis_cache (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_hash text NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, content_hash)
);
