-- Every committed change to the tables quotes are computed from is announced on the channel
-- parking_changes (payload: the table's name), so that each app instance drops what it holds in memory
-- (db/change-feed.ts, services/quote-cache.ts). Statement-level: one notification per statement, and
-- PostgreSQL folds identical ones within a transaction.
CREATE OR REPLACE FUNCTION parking_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parking_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER lots_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lots FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER short_term_rate_days_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON short_term_rate_days FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER short_term_rates_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON short_term_rates FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER exceptional_days_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exceptional_days FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER exceptional_rates_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exceptional_rates FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
