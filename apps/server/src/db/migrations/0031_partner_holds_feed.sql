-- Issue 42: the website counts the places still held for partners as taken (pricing/partner-holds.ts), so the
-- quotes held in memory (pricing/quote-cache.ts) must hear of what changes them:
-- - a booking's notification (migration 0015) also tells the partner that sold it, as a seventh element of each
--   row ([sign, lot_id, start, end, status, created, partner_id]; null for any other booking), and a change of
--   partner is a change: a partner's booking counts against its own allotment;
-- - every committed change to the allotments and the stop-sells is announced on parking_changes (the table's
--   name: what is held is read again);
-- - and every change to the partners and their keys, for the keys held in memory (partners/partner-key-cache.ts),
--   but a key's last use (noted once a minute by the partner API).
CREATE OR REPLACE FUNCTION parking_notify_booking_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed json;
  total int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO total FROM new_rows;
    IF total <= 40 THEN
      SELECT json_agg(json_build_array(1, n.lot_id, (extract(epoch FROM n.start_datetime) * 1000000)::bigint,
               (extract(epoch FROM n.end_datetime) * 1000000)::bigint, n.status, (extract(epoch FROM n.created) * 1000000)::bigint, n.partner_id))
        INTO changed FROM new_rows n;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO total FROM old_rows;
    IF total <= 40 THEN
      SELECT json_agg(json_build_array(-1, o.lot_id, (extract(epoch FROM o.start_datetime) * 1000000)::bigint,
               (extract(epoch FROM o.end_datetime) * 1000000)::bigint, o.status, (extract(epoch FROM o.created) * 1000000)::bigint, o.partner_id))
        INTO changed FROM old_rows o;
    END IF;
  ELSE
    SELECT count(*) INTO total
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
     WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created, o.partner_id)
           IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created, n.partner_id);
    IF total = 0 THEN
      changed := '[]'::json;
    ELSIF total <= 20 THEN
      SELECT json_agg(r.row) INTO changed FROM (
        SELECT json_build_array(-1, o.lot_id, (extract(epoch FROM o.start_datetime) * 1000000)::bigint,
                 (extract(epoch FROM o.end_datetime) * 1000000)::bigint, o.status, (extract(epoch FROM o.created) * 1000000)::bigint, o.partner_id) AS row
          FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
         WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created, o.partner_id)
               IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created, n.partner_id)
        UNION ALL
        SELECT json_build_array(1, n.lot_id, (extract(epoch FROM n.start_datetime) * 1000000)::bigint,
                 (extract(epoch FROM n.end_datetime) * 1000000)::bigint, n.status, (extract(epoch FROM n.created) * 1000000)::bigint, n.partner_id)
          FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
         WHERE (o.lot_id, o.start_datetime, o.end_datetime, o.status, o.created, o.partner_id)
               IS DISTINCT FROM (n.lot_id, n.start_datetime, n.end_datetime, n.status, n.created, n.partner_id)
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
CREATE TRIGGER partner_allotments_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partner_allotments FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER partner_stop_sells_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partner_stop_sells FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER partners_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER partner_api_keys_notify_change AFTER INSERT OR DELETE OR TRUNCATE ON partner_api_keys FOR EACH STATEMENT EXECUTE FUNCTION parking_notify_change();
--> statement-breakpoint
CREATE TRIGGER partner_api_keys_notify_update AFTER UPDATE ON partner_api_keys FOR EACH ROW
  WHEN ((OLD.partner_id, OLD.key_hash, OLD.revoked_at) IS DISTINCT FROM (NEW.partner_id, NEW.key_hash, NEW.revoked_at))
  EXECUTE FUNCTION parking_notify_change();
