-- Runs of a report that ended their process (a crash, an exhausted heap, a worker killed mid-run).
-- After two, the report is failed with a message instead of being handed to another worker.
ALTER TABLE reports ADD COLUMN crashes integer NOT NULL DEFAULT 0;
