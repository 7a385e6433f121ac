-- Every change to a report row announces its owner on the 'report_changes' channel, whoever makes it
-- (the web process, a worker process, the recovery sweep, a hand-written UPDATE). Web processes keep a
-- short-lived copy of status and list reads per user and forget it on this signal
-- (docs/decisions/009-report-read-cache.md). NOTIFY is transactional: it is sent on commit, and
-- repeated payloads within one transaction are sent once.
CREATE OR REPLACE FUNCTION notify_report_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('report_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('report_changes', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('report_changes', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS reports_notify_change ON reports;
CREATE TRIGGER reports_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON reports
  FOR EACH ROW EXECUTE FUNCTION notify_report_change();
