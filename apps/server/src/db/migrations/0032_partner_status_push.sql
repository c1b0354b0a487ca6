-- A partner's allotments hold places only while it is live (the domain's HOLDING_PARTNER_STATUSES): a change of
-- status into or out of live changes what the website and every other partner may sell in the lots where it has
-- an allotment, over the whole horizon, so it is pushed like a change of the allotment itself (migration 0028).
CREATE OR REPLACE FUNCTION partner_push_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_push_changes (lot_id) SELECT a.lot_id FROM partner_allotments a WHERE a.partner_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER partners_partner_push AFTER UPDATE OF status ON partners FOR EACH ROW
  WHEN ((OLD.status = 'live') IS DISTINCT FROM (NEW.status = 'live'))
  EXECUTE FUNCTION partner_push_status();
