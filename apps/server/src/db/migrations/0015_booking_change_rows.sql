-- Issue 26. A booking's notification on parking_changes (migration 0004) tells what it changed, so that each
-- instance brings the quotes' held presence up to date (services/quote-cache.ts) instead of reading ~400 days of
-- it again after every booking. The payload is 'bookings:' and a JSON object:
--   x: the writing transaction's id (pg_current_xact_id), for a reader to skip a change its own snapshot has;
--   r: [sign, lot_id, start (µs since the epoch), end (µs, or null), status, created (µs)] per row: -1 for a row
--      as it was (updated or deleted), +1 for a row as it is now (inserted or updated). An update leaves out the
--      rows whose lot, stay, status and creation did not change.
-- A statement changing more than 40 rows, or a truncate, sends the table's name alone (then everything held is
-- read again, as before). One statement trigger per event: PostgreSQL allows transition tables on one only.
CREATE OR REPLACE FUNCTION parking_notify_booking_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed json;
  total int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO total FROM new_rows;
    IF total <= 40 THEN
      SELECT json_agg(json_build_array(1, n.lot_id, (extract(epoch FROM n.start_datetime) * 1000000)::bigint,
               (extract(epoch FROM n.end_datetime) * 1000000)::bigint, n.status, (extract(epoch FROM n.created) * 1000000)::bigint))
        INTO changed FROM new_rows n;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO total FROM old_rows;
    IF total <= 40 THEN
      SELECT json_agg(json_build_array(-1, o.lot_id, (extract(epoch FROM o.start_datetime) * 1000000)::bigint,
               (extract(epoch FROM o.end_datetime) * 1000000)::bigint, o.status, (extract(epoch FROM o.created) * 1000000)::bigint))
        INTO changed FROM old_rows o;
    END IF;
  ELSE
    SELECT count(*) INTO total
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
     WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created)
           IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created);
    IF total = 0 THEN
      changed := '[]'::json;
    ELSIF total <= 20 THEN
      SELECT json_agg(r.row) INTO changed FROM (
        SELECT json_build_array(-1, o.lot_id, (extract(epoch FROM o.start_datetime) * 1000000)::bigint,
                 (extract(epoch FROM o.end_datetime) * 1000000)::bigint, o.status, (extract(epoch FROM o.created) * 1000000)::bigint) AS row
          FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
         WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created)
               IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created)
        UNION ALL
        SELECT json_build_array(1, n.lot_id, (extract(epoch FROM n.start_datetime) * 1000000)::bigint,
                 (extract(epoch FROM n.end_datetime) * 1000000)::bigint, n.status, (extract(epoch FROM n.created) * 1000000)::bigint)
          FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
         WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created)
               IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created)
      ) r;
    END IF;
  END IF;
  IF changed IS NULL THEN
    PERFORM pg_notify('parking_changes', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('parking_changes',
      TG_TABLE_NAME || ':' || json_build_object('x', pg_current_xact_id()::text, 'r', changed)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER bookings_notify_change ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_booking_rows();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_booking_rows();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_booking_rows();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
