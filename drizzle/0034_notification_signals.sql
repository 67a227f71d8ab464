-- Live notifications across copies (decision 36): whenever a family's notifications change (a new
-- one, or some read), the database says so on the family_notifications channel with the family's
-- user id, at commit. Every copy of the server listens and tells the pages it holds open. A trigger,
-- so every writer (a route, a job, a bulk insert) is covered without remembering to.
CREATE FUNCTION "signal_family_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('family_notifications', families.user_id::text)
  FROM (SELECT DISTINCT c.user_id FROM changed n JOIN children c ON c.id = n.child_id) AS families;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_added" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "signal_family_notifications"();
--> statement-breakpoint
CREATE TRIGGER "notifications_read" AFTER UPDATE ON "notifications"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "signal_family_notifications"();
