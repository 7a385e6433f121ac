-- The live step log of a report (the steps the engine really ran, when each started and ended, its last message and
-- units of work), and whether the agents ran offline or on a language model, so time estimates compare like with
-- like. Completed reports' per-step timings feed the estimate; its query reads the newest completed rows.
ALTER TABLE reports ADD COLUMN step_log jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE reports ADD COLUMN engine_mode text CHECK (engine_mode IN ('offline', 'model'));
CREATE INDEX IF NOT EXISTS reports_completed_idx ON reports (completed_at DESC) WHERE status = 'completed';
