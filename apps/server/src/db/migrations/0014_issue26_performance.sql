-- Issue 26. The extras list with `filter[checkAvailability]` (wizard step 5) is answered from memory
-- (services/extras-cache.ts): a change to an extra, its prices per vehicle type, or the extras a blockout or an
-- exceptional day makes unavailable is announced on parking_changes like the quotes' tables (migrations 0004,
-- 0009), so that every instance drops what it holds.
CREATE TRIGGER extras_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON extras FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER extra_variations_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON extra_variations FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER blockout_period_extras_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blockout_period_extras FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER exceptional_day_unavailable_extras_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exceptional_day_unavailable_extras FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
-- A guest's booking looks for their earlier customer record by lower(email) (services/booking-parties.ts): the
-- plain email index cannot answer that, and the save walked every customer (11 ms at 10,000, before the lot's lock).
CREATE INDEX customers_email_lower_idx ON customers (lower(email), id);
